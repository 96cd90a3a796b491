import Foundation

/// What one page or document read of the rest of the site while it rendered, so `galley serve` knows which
/// pages a save touches. Reads are noted where they happen (the `site` drop, other documents' drops, the
/// plugin view, `{% link %}`), attributed to the page whose render is running on this task.
///
/// A plain `galley build` binds no recorder: every hook is one task-local read that finds nil.
final class ReadRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var siteKeys: Set<String> = []
    private var documents: Set<Int> = []
    private var files: Set<String> = []

    /// The recorder of the render running on this task (nil outside `JekyllSession`).
    @TaskLocal static var current: ReadRecorder?

    /// `site.<key>` (`posts`, `data`, a collection label…), or a pseudo key: `urls` for `{% link %}` and
    /// `{% post_url %}`, a collection label for `page.next`/`previous` (their answer moves with its order).
    func site(_ key: String) {
        lock.lock(); siteKeys.insert(key); lock.unlock()
    }

    /// Any value of the document or page at this index of `RenderSite.states`.
    func document(_ index: Int) {
        lock.lock(); documents.insert(index); lock.unlock()
    }

    /// Include files the Liquid render read (its result's `dependencies`).
    func files(_ names: Set<String>) {
        guard !names.isEmpty else { return }
        lock.lock(); files.formUnion(names); lock.unlock()
    }

    /// Adds what `other` recorded (an `include_cached` output reused on this page).
    func merge(_ other: ReadRecorder) {
        other.lock.lock()
        let (k, d, f) = (other.siteKeys, other.documents, other.files)
        other.lock.unlock()
        lock.lock()
        siteKeys.formUnion(k); documents.formUnion(d); files.formUnion(f)
        lock.unlock()
    }

    /// What was recorded, with document indices turned into keys that survive the next read of the site.
    func reads(keys: [String]) -> PageReads {
        lock.lock(); defer { lock.unlock() }
        return PageReads(siteKeys: siteKeys, documents: Set(documents.map { keys[$0] }), files: files)
    }
}

/// A page's recorded reads, kept between saves.
struct PageReads: Sendable, Equatable {
    var siteKeys: Set<String>
    /// `DocumentKey`s of the documents and pages read (itself included).
    var documents: Set<String>
    /// Site-relative include files (a theme's are absolute).
    var files: Set<String>
}

/// Where renders note their reads. Each is a no-op unless a recorder is bound.
enum JekyllReads {
    @inline(__always) static func site(_ key: String) { ReadRecorder.current?.site(key) }
    @inline(__always) static func document(_ index: Int) { ReadRecorder.current?.document(index) }
    @inline(__always) static func files(_ names: Set<String>) { ReadRecorder.current?.files(names) }
}

/// A page or document's identity across reads of the site: its source path and URL (paginated copies of
/// one page share the path, never the URL).
enum DocumentKey {
    static func of(_ doc: JekyllDocument) -> String { doc.relativePath + "\u{1F}" + doc.url }
}
