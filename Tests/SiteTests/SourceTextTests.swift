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
