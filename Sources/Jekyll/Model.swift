import Foundation
import Liquid
import Site

// The model of a Jekyll folder as `JekyllReader` reads it: everything Jekyll 4.3 decides before it
// renders (which files are posts, pages, documents or static files, their merged front matter, dates,
// URLs and output paths), so the renderer only turns these values into Liquid drops and HTML.

/// One entry of `collections:` (posts included). Paths are relative to the site folder.
public struct JekyllCollection: Sendable {
    /// `posts`, or the key under `collections:`.
    public var label: String
    /// `output: true`: documents are rendered and written (posts always are).
    public var output: Bool
    /// `permalink:` of the collection (a style or template), nil for Jekyll's default.
    public var permalink: String?
    /// `sort_by:` front matter key; nil sorts by path (posts: by date, then path).
    public var sortBy: String?
    /// `order:` — explicit file order (Jekyll 4), relative to the collection folder.
    public var order: [String]?
    /// The folder, e.g. `_posts` or `my_collections/_recipes` (under `collections_dir`).
    public var directory: String
    /// The collection's whole configuration hash plus `label`, `output`, ... as `site.collections` shows it.
    public var metadata: LiquidHash

    public init(label: String, output: Bool, permalink: String?, sortBy: String?, order: [String]?, directory: String, metadata: LiquidHash) {
        self.label = label; self.output = output; self.permalink = permalink; self.sortBy = sortBy
        self.order = order; self.directory = directory; self.metadata = metadata
    }
}

/// One `defaults:` rule. Rules are applied by `JekyllDefaults` in Jekyll's precedence order.
public struct JekyllDefaultRule: Sendable {
    /// `scope.path`, without leading/trailing slashes; "" matches everything. May contain `*` globs.
    public var path: String
    /// `scope.type` (`posts`, `pages`, `drafts`, a collection label); nil matches every type.
    public var type: String?
    public var values: LiquidHash
    public init(path: String, type: String?, values: LiquidHash) { self.path = path; self.type = type; self.values = values }
}

/// `liquid:` options of `_config.yml`.
public struct JekyllLiquidOptions: Sendable {
    /// `warn` (Jekyll's default), `lax` or `strict`.
    public var errorMode: String = "warn"
    public var strictFilters = false
    public var strictVariables = false
    public init() {}
}

/// The merged configuration (defaults < config files in order < command-line flags).
public struct JekyllConfig: Sendable {
    /// Everything, with Jekyll 4.3's defaults filled in: what `site.*` answers in Liquid
    /// (`source`/`destination` are absolute paths, as in Jekyll).
    public var raw: LiquidHash
    public var source: URL
    public var destination: URL
    /// `url:` without a trailing slash ("" when unset).
    public var url: String
    /// `baseurl:` ("" when unset), as written (Jekyll's filters normalize it).
    public var baseurl: String
    /// Site-wide `permalink:` (default `date`).
    public var permalink: String
    /// `timezone:` when given (Jekyll sets ENV["TZ"]), else the machine's zone.
    public var timeZone: TimeZone
    /// The `timezone:` value as written, nil if absent.
    public var timeZoneName: String?
    /// `excerpt_separator:` (default two newlines).
    public var excerptSeparator: String
    /// Extensions (with dot, lowercased) the Markdown converter takes: `markdown_ext:` split on commas.
    public var markdownExtensions: [String]
    /// `collections_dir:` ("" when unset).
    public var collectionsDir: String
    /// `posts` first, then the configured collections in their order.
    public var collections: [JekyllCollection]
    public var defaults: [JekyllDefaultRule]
    public var include: [String]
    public var exclude: [String]
    public var keepFiles: [String]
    public var future: Bool
    public var unpublished: Bool
    public var showDrafts: Bool
    public var liquid: JekyllLiquidOptions
    /// `kramdown:` merged over Jekyll's kramdown defaults.
    public var kramdown: LiquidHash
    /// `markdown:` processor name (`kramdown`).
    public var markdown: String
    /// Plugin gem names: `plugins:` (or the deprecated `gems:`), `whitelist:`, and the Gemfile's
    /// `group :jekyll_plugins` when there is a Gemfile. Unique, in that order.
    public var plugins: [String]
    /// `paginate:` (jekyll-paginate), nil when unset.
    public var paginate: Int?
    /// `paginate_path:` (default `/page:num`).
    public var paginatePath: String
    /// `sass:` options (sass_dir, style, ...).
    public var sass: LiquidHash
    /// `highlighter:` (default `rouge`).
    public var highlighter: String
    /// `theme:` gem name, if any (gem themes are not installed: the reader warns).
    public var theme: String?
    /// `layouts_dir`, `includes_dir`, `data_dir`, `plugins_dir` as configured (relative to source).
    public var layoutsDir: String
    public var includesDir: String
    public var dataDir: String
    /// `safe:` (GitHub Pages mode: no custom plugins, symlinks ignored).
    public var safe: Bool
    /// `lsi`, `limit_posts` etc. stay in `raw`.
    public var limitPosts: Int
}

/// What kind of file a rendered document came from.
public enum JekyllDocumentKind: String, Sendable {
    /// A file in `_posts` (nested `_posts` folders included).
    case post
    /// A file in `_drafts` (only with `--drafts` / `show_drafts`); lives in the posts collection.
    case draft
    /// A file with front matter outside underscore folders (Jekyll's `Page`).
    case page
    /// A file of a custom collection with front matter.
    case document
}

/// A page, post, draft or collection document: everything known before rendering.
public struct JekyllDocument: Sendable {
    public var kind: JekyllDocumentKind
    /// The collection label (`posts` for posts and drafts), nil for pages.
    public var collection: String?
    /// Site-relative source path, e.g. `_posts/2020-01-02-hello.md` or `about/index.md`
    /// (Jekyll's `relative_path`; also used in diagnostics).
    public var relativePath: String
    /// Absolute source file.
    public var sourceURL: URL
    /// Jekyll's `data` hash, in its key order: for documents `draft`, `categories`, the matching
    /// `defaults:` values, the front matter (it wins; a nil keeps the default), and the keys Jekyll adds
    /// while reading (`date` as a local time, `title`, `slug`, `ext`, `categories`, `tags`) — everything
    /// but `excerpt`. For pages: `defaults:` merged with the front matter (`Page#to_liquid`'s base).
    public var frontMatter: LiquidHash
    /// 1-based line in the file where `body` starts (1 when the file has no front matter), so Liquid and
    /// Markdown errors point at the file's real lines.
    public var bodyLine: Int
    /// The text after the front matter.
    public var body: String
    /// The URL path (starting with `/`, not including `baseurl`), URL-escaped as Jekyll escapes it.
    public var url: String
    /// Path of the output file relative to the destination (unescaped; `index.html` added for `/`
    /// URLs). Nil when the document is not written (collection with `output: false`).
    public var outputPath: String?
    /// Posts, drafts and dated documents: the instant and the site's UTC offset at that instant.
    /// Pages: nil (they have no date unless front matter gives one; it stays in `frontMatter`).
    public var date: Date?
    public var utcOffset: Int
    /// Jekyll's `slug`: from the file name (posts: without the date) — not slugified.
    public var slug: String
    /// Front matter `title`, else Jekyll's titleized slug for posts/documents; pages: front matter only.
    public var title: String?
    /// Folder categories (`blog/_posts` → blog) followed by front matter `category`/`categories`.
    public var categories: [String]
    public var tags: [String]
    /// `layout:` after defaults; nil or "none"/"null" mean no layout (the renderer decides).
    public var layout: String?
    public var published: Bool
    /// Source extension with dot (`.md`), and the extension written (`.html`, `.css`, ...).
    public var ext: String
    public var outputExt: String
    public var excerptSeparator: String
    /// `render_with_liquid:` (default true). False: the body is not run through Liquid.
    public var renderWithLiquid: Bool
    /// The source extension is one of `markdown_ext` (converted by kramdown/Markdown).
    public var isMarkdown: Bool
    /// Jekyll's document `id` (`/2020/01/02/hello` for posts, `/recipes/cake` for documents), nil for pages.
    public var id: String?
    /// File name (`2020-01-02-hello.md`); pages: `name`.
    public var name: String
    /// Pages: the folder URL (`/about/`) — Jekyll's `page.dir`. Documents: the source folder.
    public var dir: String
    /// Source modification time (drafts use it as the date).
    public var modificationTime: Date
    /// The date is Jekyll's fallback (`site.time`, or a draft's modification time), not the file's:
    /// Jekyll sorts such collection documents by path only.
    public var dateIsDefault: Bool = false

    /// `Value.date` for `date`, or nil.
    public var dateValue: Value? { date.map { .date($0, utcOffset: utcOffset) } }
    /// Whether the renderer writes it.
    public var isWritten: Bool { outputPath != nil }
}

/// A file copied as it is. Collection files without front matter are static files of the collection.
public struct JekyllStaticFile: Sendable {
    /// Jekyll's `relative_path`, which Liquid's `path` shows as it is: `/assets/img/a.png` for site files
    /// (leading slash, as Jekyll's `File.join("", dir, name)` makes it), `_recipes/photo.jpg` for a
    /// collection's files.
    public var relativePath: String
    public var sourceURL: URL
    /// Path of the copy relative to the destination; nil when not written (collection with `output: false`).
    public var outputPath: String?
    /// The URL (escaped) where it is served (without baseurl).
    public var url: String
    public var modificationTime: Date
    public var collection: String?
    /// `.png`, and the name without it (`basename`) and with it (`name`).
    public var extname: String
    public var basename: String
    public var name: String
    /// Values from `defaults:` that match it (Jekyll gives static files front matter defaults).
    public var data: LiquidHash
}

/// A file of `_layouts` (or the theme's).
public struct JekyllLayout: Sendable {
    /// Name without extension (`default`, `post`, `nested/page`).
    public var name: String
    public var relativePath: String
    public var sourceURL: URL
    public var frontMatter: LiquidHash
    public var body: String
    public var bodyLine: Int
    public var ext: String
}

/// A whole Jekyll folder read into memory, in Jekyll's orders.
public struct JekyllSiteSource: Sendable {
    public var config: JekyllConfig
    /// Documents of each collection (posts included under `posts`; drafts there when shown), sorted as
    /// Jekyll sorts (posts: date, then path; others: `sort_by`/`order`, else path).
    public var collectionDocuments: [String: [JekyllDocument]]
    /// Pages in the order Jekyll reads them (folder walk, sorted entries).
    public var pages: [JekyllDocument]
    /// Static files, site ones then collections'.
    public var staticFiles: [JekyllStaticFile]
    /// `site.data`.
    public var data: Value
    /// By name (`default`), site layouts over the theme's.
    public var layouts: [String: JekyllLayout]
    /// Folders searched by `{% include %}`, in order (`_includes`, then a theme's).
    public var includesDirectories: [URL]
    /// Sass load paths: `sass.sass_dir` (default `_sass`), then a theme's `_sass`.
    public var sassDirectories: [URL]
    /// `site.time`: the build's `now`.
    public var time: Date
    public var diagnostics: [SiteDiagnostic]

    /// `site.posts` in Jekyll's order: newest first.
    public var posts: [JekyllDocument] { (collectionDocuments["posts"] ?? []).reversed() }
    /// Drafts included in the posts collection (empty unless drafts are shown).
    public var drafts: [JekyllDocument] { (collectionDocuments["posts"] ?? []).filter { $0.kind == .draft } }
    /// Every collection document (`site.documents`), collections in configured order.
    public var documents: [JekyllDocument] { config.collections.flatMap { collectionDocuments[$0.label] ?? [] } }
    /// Everything rendered: pages, then collection documents that are written.
    public var renderables: [JekyllDocument] { pages + documents.filter(\.isWritten) }
}
