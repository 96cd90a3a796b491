import Foundation
import Testing
@testable import Feed

/// `URLBytes` answers the URL checks for plain ASCII URLs; where it answers, the general code must agree.
@Suite struct URLBytesFastPathTests {
    /// URLs as feeds carry them, near misses in every part the checks look at, and generated mixes.
    static var inputs: [String] {
        var out = ["https://bench.example.org/2026/05/04/a-warm-account-in-our-test-cluster-181/", "http://example.com",
                   "HTTPS://Example.com/x", "hTtP://a", "http://", "http:///x", "http:/x", "http:x", "https://@", "https://user@",
                   "https://user@host/", "https://a@b@c/", "https://:80/", "https://host:80/", "https://[::1]/", "https://[/",
                   "ftp://files.example.com/a", "ftp:/a", "FTP://", "tag:example.com,2026-03-06:/posts/1", "tag:Example.com,2026:x",
                   "tag:", "mailto:ada@example.com", "data:text/plain,hi", "urn:uuid:1234", "/relative/path", "relative", "#frag",
                   "?q=1", "//host/path", "", " ", "https://a b/", " https://a/", "https://a/ ", "https://a/\t", "https://a/\n",
                   "https://a/%20", "https://a/%2", "https://a/%zz", "https://a/<", "https://a/>", "https://a/\"", "https://a/{",
                   "https://a/}", "https://a/|", "https://a/\\", "https://a/^", "https://a/`", "https://a/\u{7F}", "https://a/\u{1}",
                   "https://caf\u{E9}.example/", "https://a/\u{301}", "https://a/?x=1#y", "https://a#b", "https://a?b", "http://a:",
                   "h+t-t.p://x", "1http://x", ":x", "https:", "https:/", "https://", "https:///", "https://x", "https://xy",
                   "http://x\r\n", "javascript:alert(1)", "https://a/b/../c", "https://a/[b]"]
        // Generated: every prefix of a few real URLs, and each with one byte changed to a character the checks care about.
        for url in ["https://bench.example.org/tags/caf%C3%A9/feed.xml", "http://user@[::1]:8080/a?b#c", "ftp://x.y/z", "tag:a.b,2026:c"] {
            let bytes = Array(url.utf8)
            for n in 0...bytes.count { out.append(String(decoding: bytes[0..<n], as: UTF8.self)) }
            for i in bytes.indices {
                for c in Array(" :/@[?#%<\t".utf8) {
                    var b = bytes
                    b[i] = c
                    out.append(String(decoding: b, as: UTF8.self))
                }
            }
        }
        return out
    }

    @Test func byteAnswersAgreeWithTheGeneralChecks() {
        var answered = 0
        for s in Self.inputs {
            for iri in [false, true] {
                if URLBytes.hasNoProblem(s) { answered += 1 }
                #expect(FeedURL.problem(s, iri: iri) == FeedURL.problemGeneral(s, iri: iri), "\(s.debugDescription)")
                #expect(FeedURL.httpProblem(s, iri: iri) == FeedURL.httpProblemGeneral(s, iri: iri), "\(s.debugDescription)")
            }
            if URLBytes.isAbsoluteHTTP(s) != nil { answered += 1 }
            #expect(FeedURL.isAbsoluteHTTP(s) == FeedURL.isAbsoluteHTTPGeneral(s), "\(s.debugDescription)")
        }
        #expect(answered > 200)
    }
}
