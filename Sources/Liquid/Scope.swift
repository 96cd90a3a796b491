import Foundation

/// One level of variables. Scopes are small (a loop's item and `forloop`, a page's assigns), so a linear scan
/// of names beats hashing every lookup; large ones (hundreds of assigns) add a dictionary index.
struct Scope: ExpressibleByDictionaryLiteral {
    private(set) var keys: [String] = []
    private var values: [Value] = []
    private var index: [String: Int]?

    init(dictionaryLiteral elements: (String, Value)...) {
        for (k, v) in elements { self[k] = v }
    }

    @inline(__always)
    private func position(_ name: String) -> Int? {
        if let index { return index[name] }
        var i = 0
        while i < keys.count {
            if keys[i] == name { return i }
            i += 1
        }
        return nil
    }

    subscript(name: String) -> Value? {
        get { position(name).map { values[$0] } }
        set {
            if let i = position(name) {
                if let newValue { values[i] = newValue } else { remove(at: i) }
                return
            }
            guard let newValue else { return }
            keys.append(name)
            values.append(newValue)
            if index != nil { index![name] = keys.count - 1 } else if keys.count > 32 {
                index = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
            }
        }
    }

    private mutating func remove(at i: Int) {
        keys.remove(at: i)
        values.remove(at: i)
        if index != nil { index = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) }) }
    }
}
