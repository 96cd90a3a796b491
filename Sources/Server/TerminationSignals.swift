import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT/SIGTERM as an async stream, through the classic self-pipe: the C handler only
/// `write`s one byte (async-signal-safe), and a plain thread turns bytes into stream elements.
///
/// Dispatch signal sources were not used: on Linux they rely on the signal being blocked in
/// the thread it lands on, which threads outside Dispatch do not guarantee, so a Ctrl-C
/// could be swallowed. A handler runs whichever thread receives the signal.
public enum TerminationSignals {
    nonisolated(unsafe) private static var writeFD: Int32 = -1
    private static let setup: Int32 = {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return -1 }
        _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)  // a full pipe must never block the handler
        writeFD = fds[1]
        return fds[0]
    }()

    /// Installs the handlers (first call only) and streams each signal number as it arrives.
    /// Meant for one consumer: the command's main loop.
    public static func stream() -> AsyncStream<Int32> {
        let readFD = setup
        let (stream, continuation) = AsyncStream<Int32>.makeStream(bufferingPolicy: .unbounded)
        guard readFD >= 0 else {
            continuation.finish()
            return stream
        }
        for number in [SIGINT, SIGTERM] {
            signal(number) { received in
                var byte = UInt8(truncatingIfNeeded: received)
                _ = write(TerminationSignals.writeFD, &byte, 1)
            }
        }
        let thread = Thread {
            var byte: UInt8 = 0
            while true {
                let count = read(readFD, &byte, 1)
                if count == 1 {
                    if case .terminated = continuation.yield(Int32(byte)) { return }
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
        thread.name = "galley.signals"
        thread.start()
        return stream
    }
}
