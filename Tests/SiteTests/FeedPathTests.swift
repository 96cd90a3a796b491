import Foundation
import Testing
@testable import Site

/// `FeedBuilder.filePath` skips Foundation's percent-decoding for paths with no `%`: it must give what decoding gives.
@Suite struct FeedPathTests {
    @Test func filePathIsTheDecodedPath() {
        var rng = SystemRandomNumberGenerator()
        let pieces = ["/", "tags", "categories", "café", "feed.xml", "%C3%A9", "%20", "%", "%zz", "%2F", "a b", "東京", "+", "-", "index.json", "%25"]
        var paths = ["/feed.xml", "/tags/caf%C3%A9/feed.xml", "/tags/café/feed.xml", "/", "", "/%", "/tags/100%25/atom.xml"]
        for _ in 0..<2000 { paths.append("/" + (0..<Int.random(in: 0...6, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()) }
        for p in paths {
            let general = String(p.dropFirst()).removingPercentEncoding ?? String(p.dropFirst())
            #expect(FeedBuilder.filePath(p) == general, "\(p)")
        }
    }
}
