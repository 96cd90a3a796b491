import Foundation

/// A tiny in-memory store for posts.
@MainActor
public final class PostStore: ObservableObject {
    @Published private(set) var posts: [Post] = []
    private let decoder = JSONDecoder()
    static let shared = PostStore()

    public init(posts: [Post] = []) {
        self.posts = posts
    }

    // Loads posts from disk, newest first.
    func load(from url: URL) async throws -> Int {
        let data = try Data(contentsOf: url)
        let loaded = try decoder.decode([Post].self, from: data)
        posts = loaded.sorted { $0.date > $1.date }
        print("Loaded \(posts.count) posts from \(url.lastPathComponent)")
        return posts.count
    }

    /* Block comment /* nested */ still comment */
    func titles(matching query: String?) -> [String] {
        guard let query, !query.isEmpty else { return posts.map(\.title) }
        return posts.filter { $0.title.localizedCaseInsensitiveContains(query) }.map(\.title)
    }
}

public struct Post: Codable, Hashable, Sendable {
    var title: String
    var date: Date
    var tags: Set<String> = []
    var wordCount = 0
    let ratio: Double = 0.75
    let mask = 0xFF_FF
}

enum Format: String, CaseIterable {
    case markdown, html
    case plain = "txt"

    var fileExtension: String {
        switch self {
        case .markdown: return "md"
        case .html: return "html"
        case .plain: return rawValue
        }
    }
}

protocol Renderer {
    associatedtype Output
    func render(_ post: Post) -> Output
}

extension Post: Comparable {
    static func < (lhs: Post, rhs: Post) -> Bool {
        lhs.date < rhs.date
    }
}

#if os(Linux)
let platform = "linux"
#else
let platform = "darwin"
#endif

let raw = #"A raw "string" with \d+ inside"#
let multi = """
    Title: \(Post.self)
    Count: \(max(1, 2))
    """
let greeting = "Hello, \("nested \("deep")") world!"
let escaped = "Tab\tNewline\n"
let pattern = /[a-z]+\d*/
let path = \Post.title
var counts: [String: Int] = [:]
for (index, post) in zip(0..., [Post]()) where index % 2 == 0 {
    counts[post.title, default: 0] += 1
}
if let first = counts.first, first.value >= 10 && true {
    defer { print("done") }
    _ = first.key
}
let closure: (Int) -> Int = { x in x * 2 }
func generic<T: Comparable & Sendable>(_ items: [T]) -> T? where T: Hashable {
    items.max()
}
actor Counter {
    private var value = 0
    nonisolated let id = UUID()
    func increment() -> Int { value += 1; return value }
}
