import Testing
@testable import Site

@Test func siteModuleLoads() {
    #expect(Bool(true))
}
