import Foundation
import Site
import Testing

/// A folder of files in a fresh temporary place (a Jekyll site to import), removed by `cleanUp`.
struct TempTree {
    let root: URL

    init(files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("galley-import-src-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    /// A copy of a fixture folder shipped with the tests.
    init(fixture name: String) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("galley-import-src-\(UUID().uuidString)")
        let from = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
        try FileManager.default.copyItem(at: from, to: root)
    }

    static func scratch() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("galley-import-dest-\(UUID().uuidString)")
    }

    func cleanUp() { try? FileManager.default.removeItem(at: root) }
}

/// The text of a built file (empty when missing).
func text(_ root: URL, _ path: String) -> String {
    (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
}

func exists(_ root: URL, _ path: String) -> Bool {
    FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
}

/// Every match of `pattern`'s first group in `text`.
func matches(_ pattern: String, in text: String) -> [String] {
    guard let re = try? NSRegularExpression(pattern: pattern) else { return [] }
    return re.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { m in
        Range(m.range(at: 1), in: text).map { String(text[$0]) }
    }
}

let fixedNow = Date(timeIntervalSince1970: 1_790_000_000)
