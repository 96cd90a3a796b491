import Foundation

/// Placeholder; replaced by the build pipeline.
public struct BuildOptions: Sendable {
    public var siteDirectory: URL
    public var outputDirectory: URL?
    public var includeDrafts = false
    public var includeFuture = false
    public var baseURL: String?
    public init(siteDirectory: URL) { self.siteDirectory = siteDirectory }
}
