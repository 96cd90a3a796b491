import Testing
@testable import Highlight

@Test func highlightModuleLoads() {
    #expect(Bool(true))
}
