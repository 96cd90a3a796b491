import Testing
@testable import Check

@Test func checkModuleLoads() {
    #expect(Bool(true))
}
