import Testing
@testable import Feed

@Test func feedModuleLoads() {
    #expect(Bool(true))
}
