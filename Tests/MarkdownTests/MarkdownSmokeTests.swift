import Testing
@testable import Markdown

@Test func markdownModuleLoads() {
    #expect(Bool(true))
}
