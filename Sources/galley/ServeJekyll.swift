import ArgumentParser
import Foundation
import Jekyll
import Server
import Site

extension ServeCommand {
    /// `galley serve` in a Jekyll folder (`_config.yml`, no `site.yml`): the same loop as a Galley site —
    /// private output folder, live reload, error overlay — over a `JekyllSession`, which renders on each save
    /// only the pages the save touched. `baseurl` is the served base path, as `jekyll serve` does.
    func serveJekyll(_ siteURL: URL) async throws {
        let (outputURL, privateOutput) = try servedFolder()
        defer { if privateOutput { try? FileManager.default.removeItem(at: outputURL) } }

        let configFiles = config.map { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } } ?? []
        let options = JekyllBuildOptions(source: siteURL, destination: outputURL, configFiles: configFiles, drafts: drafts, future: future)
        let settings = JekyllServeSettings.load(options)

        let (server, boundPort) = try await startServer(root: outputURL, basePath: settings.basePath)

        // The whole folder, as Jekyll watches it, less what a build writes or Jekyll never reads.
        let watcher = FileWatcher(folders: [siteURL.path], excluding: settings.unwatched + [outputURL.path])
        let session = JekyllSession(options: options)
        let sitePath = siteURL.path
        let rebuild: DevLoop.Rebuild = { changed in
            // The site folder itself in a batch means the watcher lost track (queue overflow): everything.
            let relative: Set<String>? = changed.isEmpty || changed.contains(sitePath) ? nil
                : Set(changed.map { $0.hasPrefix(sitePath + "/") ? String($0.dropFirst(sitePath.count + 1)) : $0 })
            do {
                let outcome = try await session.rebuild(changed: relative)
                for warning in outcome.warnings { printError(warning.description) }
                if !outcome.full, !outcome.rendered.isEmpty {
                    let shown = outcome.rendered.prefix(5).joined(separator: ", ")
                    printLine("  rendered \(outcome.rendered.count): \(shown)\(outcome.rendered.count > 5 ? ", …" : "")")
                }
                let cssOnly = !outcome.changedPaths.isEmpty && outcome.changedPaths.allSatisfy { $0.hasSuffix(".css") || $0.hasSuffix(".css.map") }
                return .success(changedOutputPaths: outcome.changedPaths, cssOnly: cssOnly)
            } catch let error as BuildFailure {
                return Self.failed(error)
            } catch {
                printError("error: \(error)")
                return .failure(message: "\(error)", file: nil, line: nil, column: nil)
            }
        }

        let loop = DevLoop(server: server, watcher: watcher, onRebuild: Self.report, rebuild: rebuild)
        announce("\(siteURL.lastPathComponent) (a Jekyll folder)", port: boundPort, basePath: settings.basePath,
                 privateNote: privateOutput ? "from a private folder; _site/ is left as the last build made it" : nil)
        try await serveUntilInterrupted(loop, server: server)
    }
}
