import Testing
@testable import Diagram
