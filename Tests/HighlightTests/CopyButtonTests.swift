import Foundation
import Testing
@testable import Highlight

/// The default theme's copy button is the library's script, byte for byte, so sites that wire
/// `Highlighter.copyButtonScript` themselves get the same behaviour.
@Suite struct CopyButtonTests {
    @Test func themeShipsTheLibraryScript() throws {
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let asset = try String(contentsOf: repo.appendingPathComponent("templates/assets/copy-code.js"), encoding: .utf8)
        #expect(asset == Highlighter.copyButtonScript + "\n")
    }

    /// Line numbers are CSS counters: the code element's text is exactly the code, so copying it needs no cleanup.
    @Test func numberedBlocksCarryNoNumbersInText() throws {
        let code = "let a = 1\nlet b = 2\n"
        let html = Highlighter().highlight(code, language: "swift", options: HighlightOptions(lineNumbers: true)).html
        let inner = try #require(html.range(of: "<code")).upperBound
        let body = html[inner...].drop { $0 != ">" }.dropFirst()
        let text = String(body[..<(try #require(body.range(of: "</code>")).lowerBound)])
            .replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        #expect(text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&amp;", with: "&") == code)
    }
}
