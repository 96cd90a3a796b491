import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program to completion and collects what it printed.
enum Subprocess {
    struct Result: Sendable {
        var status: Int32
        var stdout: Data
        var stderr: Data
        /// The output was recognised as complete and the process was ended instead of awaited.
        var endedEarly: Bool
    }

    struct LaunchFailure: Error {
        var reason: String
    }

    /// Standard input comes from a temporary file rather than a pipe: a child that dies before reading
    /// it then cannot raise SIGPIPE in Galley, and no writer thread is needed.
    ///
    /// `isComplete` lets the caller recognise finished output: Dart executables built with Dart 2.x
    /// often sit a full second in VM shutdown on a busy machine (dart-lang/sdk#47448) after printing
    /// everything. Once it returns true the child gets `grace` seconds to exit, then SIGKILL.
    static func run(_ executable: URL, _ arguments: [String], in directory: URL? = nil, input: Data = Data(),
                    grace: Double = 0.05,
                    isComplete: (@Sendable (_ stdout: Data, _ stderr: Data) -> Bool)? = nil) throws(LaunchFailure) -> Result {
        let inputURL = FileManager.default.temporaryDirectory
            .appendingPathComponent("galley-sass-\(UUID().uuidString).in")
        do {
            try input.write(to: inputURL)
        } catch {
            throw LaunchFailure(reason: "cannot write \(inputURL.path): \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(at: inputURL) }
        let stdinHandle: FileHandle
        do {
            stdinHandle = try FileHandle(forReadingFrom: inputURL)
        } catch {
            throw LaunchFailure(reason: "cannot read \(inputURL.path): \(error.localizedDescription)")
        }
        defer { try? stdinHandle.close() }

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdinHandle
        let state = State(isComplete: isComplete)
        process.terminationHandler = { _ in state.wake.signal() }
        do {
            try process.run()
        } catch {
            throw LaunchFailure(reason: "cannot run \(executable.path): \(error.localizedDescription)")
        }
        // Both pipes are drained at once so a child filling one of them never blocks. Each reader is a
        // thread of its own, not a Dispatch work item: on Linux the global queues' pool does not grow when
        // its threads block, so during a parallel build a reader could wait for a free thread while the
        // child sat on a full pipe (0.4 s per stylesheet on just-the-docs).
        let readers = DispatchGroup()
        for (pipe, isStdout) in [(out, true), (err, false)] {
            readers.enter()
            let thread = Thread {
                let handle = pipe.fileHandleForReading
                while case let chunk = handle.availableData, !chunk.isEmpty {
                    state.append(chunk, toStdout: isStdout)
                }
                readers.leave()
            }
            thread.stackSize = 1 << 18
            thread.start()
        }
        state.wake.wait()  // exit, or complete output
        var endedEarly = false
        if process.isRunning, state.wake.wait(timeout: .now() + grace) == .timedOut, process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            endedEarly = true
        }
        readers.wait()
        process.waitUntilExit()
        let (stdout, stderr) = state.output
        return Result(status: endedEarly ? 0 : process.terminationStatus, stdout: stdout, stderr: stderr, endedEarly: endedEarly)
    }

    /// What the reader threads collect; `wake` is signalled once when the output first looks complete
    /// and once when the process exits.
    private final class State: @unchecked Sendable {
        let wake = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var stdout = Data(), stderr = Data()
        private var isComplete: (@Sendable (Data, Data) -> Bool)?

        init(isComplete: (@Sendable (Data, Data) -> Bool)?) { self.isComplete = isComplete }

        func append(_ chunk: Data, toStdout: Bool) {
            let done: Bool = lock.withLock {
                if toStdout { stdout.append(chunk) } else { stderr.append(chunk) }
                guard let check = isComplete, check(stdout, stderr) else { return false }
                isComplete = nil
                return true
            }
            if done { wake.signal() }
        }

        var output: (Data, Data) { lock.withLock { (stdout, stderr) } }
    }
}
