import Testing
@testable import Server

@Test func serverModuleLoads() {
    #expect(Bool(true))
}
