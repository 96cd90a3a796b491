import Foundation
import Testing
@testable import Sass

/// Timings for the report, not a pass/fail check: `GALLEY_SASS_TIMING=1 swift test --filter Timing`.
@Suite("Sass timing", .enabled(if: ProcessInfo.processInfo.environment["GALLEY_SASS_TIMING"] != nil))
struct Timing {
    static let minima = URL(fileURLWithPath: "/usr/share/rubygems-integration/all/gems/minima-2.5.1/_sass")

    func measure(_ label: String, runs: Int = 10, _ body: () throws -> Void) rethrows {
        var samples: [Double] = []
        for _ in 0..<runs {
            let start = Date()
            try body()
            samples.append(Date().timeIntervalSince(start) * 1000)
        }
        samples.sort()
        print("timing \(label): median \(Int(samples[runs / 2])) ms, min \(Int(samples[0])) ms, max \(Int(samples[runs - 1])) ms")
    }

    @Test func minimaThroughBothBackends() throws {
        let site = try Fixture(["assets/main.scss": "---\n---\n\n@import \"minima\";\n"])
        let entry = try site.entry("assets/main.scss")
        let options = SassOptions(loadPaths: [Self.minima])
        if let dart = Backends.dart {
            measure("locate Dart Sass (sass --version)") { _ = DartSassLocator.dartSassVersion(URL(fileURLWithPath: "/usr/local/bin/sass")) }
            try measure("minima, Dart Sass") { _ = try dart.compile(entry, options: options) }
            try measure("minima, Dart Sass + source map") { _ = try dart.compile(entry, options: SassOptions(loadPaths: [Self.minima], sourceMap: true)) }
            measure("4 entries in one batch, Dart Sass") { _ = dart.compile(Array(repeating: entry, count: 4), options: options) }
        }
        try measure("minima, libsass") { _ = try SassCompiler.libsass.compile(entry, options: options) }
    }
}
