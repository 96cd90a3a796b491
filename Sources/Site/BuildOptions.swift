import Foundation

/// What `galley build` was asked to do.
public struct BuildOptions: Sendable {
    public var siteDirectory: URL
    /// Defaults to `<site>/public`.
    public var outputDirectory: URL?
    public var includeDrafts: Bool
    public var includeFuture: Bool
    /// Overrides `url` from site.yml (e.g. for a preview deploy).
    public var baseURL: String?
    /// "Now", for scheduled posts; a parameter so tests are deterministic. nil: the clock, read at every
    /// build (a `serve` session runs for hours: a post written or coming due meanwhile must appear).
    public var now: Date?
    /// Warnings fail the build (CI): an unknown layout, Liquid left in a page, a replaced post list…
    public var strict = false
    /// Folders outside the site that symbolic links in `content/` and `templates/` may lead to
    /// (`--allow-symlinks-to`). Only the person running the build widens what it reads: never site.yml,
    /// which a pull request's author controls.
    public var allowSymlinksTo: [String] = []
    /// The process ends when this build has written the site (`galley build`): the tables the build made
    /// are kept until then instead of being freed, which took one core about 10 ms at the very end of a
    /// 1000-post build with nothing else to run beside it. Off for a library caller or a test that builds
    /// many times in one process.
    public var processExitsAfter = false

    public init(siteDirectory: URL, outputDirectory: URL? = nil, includeDrafts: Bool = false, includeFuture: Bool = false,
                baseURL: String? = nil, now: Date? = nil) {
        self.siteDirectory = siteDirectory
        self.outputDirectory = outputDirectory
        self.includeDrafts = includeDrafts
        self.includeFuture = includeFuture
        self.baseURL = baseURL
        self.now = now
    }

    var output: URL { outputDirectory ?? siteDirectory.appendingPathComponent("public") }
}

/// What a successful build did, for the summary on stderr.
public struct BuildReport: Sendable {
    public struct HeldBack: Sendable, Hashable {
        public var source: String
        public var reason: String      // "draft" or "scheduled"
        public var due: Date?
    }
    public var pages = 0
    public var posts = 0
    public var feeds = 0
    public var assets = 0
    public var files = 0
    /// Files whose bytes equal the previous output's: linked, not rewritten.
    public var unchanged = 0
    public var warnings: [SiteDiagnostic] = []
    public var heldBack: [HeldBack] = []
    public var seconds: Double = 0
    /// Edit distances the link check's "did you mean" computed (its cost, counted rather than timed by tests).
    var suggestionComputations = 0
    public var outputDirectory: URL
    /// For other front ends (Jekyll) printing the same summary.
    public init(outputDirectory: URL) { self.outputDirectory = outputDirectory }
}
