import Testing
@testable import Highlight

/// `Languages.find` skips trimming and lower-casing for names that are already their own key;
/// checked against the full normalisation on every name and alias, and variants of them.
@Suite struct LanguageLookupTests {
    /// The plain definition: trim spaces, tabs, braces and dots (as Characters), lower-case, look up.
    private func plainFind(_ name: String) -> String? {
        let trim: Set<Character> = [" ", "\t", "{", "}", "."]
        var s = Substring(name)
        while let f = s.first, trim.contains(f) { s = s.dropFirst() }
        while let l = s.last, trim.contains(l) { s = s.dropLast() }
        return Languages.index[String(s).lowercased()].map { Languages.all[$0].info.name }
    }

    @Test func fastPathMatchesNormalisation() {
        var names: [String] = ["", " ", ".", "{swift}", "Swift", "SWIFT", "swift.", " swift", "c++", "C#", "objective-c", "sh\t",
                               "ｓwift", "swİft", "é", "py3", "x", "diff", "plaintext", "text", "{", "..", "a.b"]
        for e in Languages.all {
            for n in [e.info.name] + e.info.aliases + e.info.extensions {
                names += [n, n.uppercased(), "." + n, n + ".", "{\(n)}", " \(n) ", n.capitalized, n + "x", String(n.dropLast())]
            }
        }
        for n in names {
            #expect(Languages.find(n)?.info.name == plainFind(n), "\(n)")
        }
    }
}
