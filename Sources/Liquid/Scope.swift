import Foundation

/// One level of variables: a `LiquidHash` (names in order, scanned while few, indexed when many), which the
/// render context reads by name and, for strict-variable hints, by its list of names.
struct Scope: ExpressibleByDictionaryLiteral {
    private var names = LiquidHash()

    init(dictionaryLiteral elements: (String, Value)...) {
        for (k, v) in elements { names[k] = v }
    }

    var keys: [String] { names.keys }

    subscript(name: String) -> Value? {
        get { names[name] }
        set { names[name] = newValue }
    }
}
