import Foundation
import Testing
@testable import Site

@Suite struct SourceTextTests {
    @Test func splitsFrontMatterAndCountsLines() {
        let s = SplitSource("---\ntitle: A\ntags: [x]\n---\nBody line 1\nline 2\n")
        #expect(s.frontMatter == "title: A\ntags: [x]")
        #expect(s.body == "Body line 1\nline 2\n")
        #expect(s.bodyLineOffset == 4)
        #expect(!s.unterminated)
    }

    @Test func dotsCloseAndCRLFAndTrailingSpacesAreFine() {
        let s = SplitSource("--- \r\ntitle: B\r\n... \r\nBody\r\n")
        #expect(s.frontMatter == "title: B\r")
        #expect(s.body == "Body\r\n")
        #expect(s.bodyLineOffset == 3)
    }

    @Test func emptyFrontMatterAndNoBody() {
        let s = SplitSource("---\n---")
        #expect(s.frontMatter == "")
        #expect(s.body == "")
        #expect(s.bodyLineOffset == 2)
    }

    @Test func noFrontMatterOrUnterminated() {
        let plain = SplitSource("# Title\n---\ntext")
        #expect(plain.frontMatter == nil && plain.body == "# Title\n---\ntext" && !plain.unterminated)
        let open = SplitSource("---\ntitle: C\n\nNo closing fence.\n")
        #expect(open.unterminated && open.frontMatter == nil)
        // `----` is not a fence.
        #expect(SplitSource("----\nx\n").frontMatter == nil)
    }

    @Test func nonASCIIIsKeptWhole() {
        let s = SplitSource("---\ntitle: Café 🌍\n---\nÜber\n")
        #expect(s.frontMatter == "title: Café 🌍")
        #expect(s.body == "Über\n")
    }

    /// A file saved as "Unicode" by a Windows editor is named as UTF-16/32 with the iconv that converts
    /// it, not given the Latin-1 hint or called binary (its ASCII text holds NUL bytes).
    @Test func wideEncodingsAreNamedWithTheirConversion() {
        let text = "---\ntitle: Ünïcode\n---\nHello\n"
        let cases: [(String.Encoding, String, String)] = [
            (.utf16, "UTF-16", "iconv -f utf-16"), (.utf16LittleEndian, "UTF-16 (little-endian)", "iconv -f utf-16"),
            (.utf16BigEndian, "UTF-16 (big-endian)", "iconv -f utf-16"), (.utf32LittleEndian, "UTF-32 (little-endian)", "iconv -f utf-32"),
            (.utf32BigEndian, "UTF-32 (big-endian)", "iconv -f utf-32")]
        for (encoding, name, command) in cases {
            let data = text.data(using: encoding)!
            guard case .failure(let d) = SourceText.decode(data, file: "p.md") else { Issue.record("\(name) must fail"); continue }
            #expect(d.message.contains(name) && d.message.contains("not UTF-8"), "\(name): \(d)")
            #expect(d.hint?.contains(command) == true && d.hint?.contains("latin") == false, "\(name): \(d)")
        }
        // Latin-1 keeps its own hint; a binary file with a NUL keeps "binary".
        guard case .failure(let latin) = SourceText.decode("Café\n".data(using: .isoLatin1)!, file: "l.md") else { Issue.record("must fail"); return }
        #expect(latin.hint?.contains("windows-1252") == true, "\(latin)")
        guard case .failure(let nul) = SourceText.decode(Data(Array("title: x\nabc".utf8) + [0, 0x41, 0x42]), file: "b.md") else { Issue.record("must fail"); return }
        #expect(nul.message.contains("NUL"), "\(nul)")
    }

    @Test func invalidUTF8IsLocated() {
        var bytes = Array("ab\ncd".utf8)
        bytes.insert(0xFF, at: 4)
        guard case .failure(let d) = SourceText.decode(Data(bytes), file: "x.md") else { Issue.record("must fail"); return }
        #expect(d.line == 2 && d.column == 2)
        // A sequence cut off at the end of the file.
        guard case .failure(let cut) = SourceText.decode(Data(Array("ok".utf8) + [0xE2, 0x82]), file: "y.md") else { Issue.record("must fail"); return }
        #expect(cut.line == 1 && cut.column == 3)
    }
}
