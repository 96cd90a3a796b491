import Foundation

/// Placeholder for the development server (the serve work fills this in).
public struct DevServerConfiguration: Sendable {
    public var root: URL
    public var host: String
    public var port: UInt16
    public init(root: URL, host: String = "127.0.0.1", port: UInt16 = 4000) {
        self.root = root
        self.host = host
        self.port = port
    }
}
