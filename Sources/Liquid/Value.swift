import Foundation

/// A Liquid value: what a variable, a literal or a filter's result holds.
///
/// It mirrors the Ruby objects Liquid templates see in Jekyll (nil, true/false, Integer, Float, String,
/// Array, Hash, Range, Time, and drops), so truthiness, comparison and printing follow Ruby Liquid's rules.
/// Hashes keep insertion order, as Ruby's do: `for` over a hash, `jsonify` and `inspect` depend on it.
public enum Value: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([Value])
    case hash(LiquidHash)
    /// `(1..5)` — inclusive, as Liquid's ranges.
    case range(ClosedRange<Int>)
    /// A Ruby `Time`: the instant and the UTC offset it is shown in (seconds east of UTC).
    case date(Date, utcOffset: Int)
    /// An object answering keys on demand (Jekyll's site, page and document drops), so building a page's
    /// context never copies every post.
    case drop(any LiquidDrop)
}

/// An object a template reads keys from, computed when asked (Liquid's `Drop`).
public protocol LiquidDrop: AnyObject, Sendable {
    /// The value at `key`, or nil when the drop has no such key (then Liquid treats it as nil).
    func value(forKey key: String) -> Value?
    /// The keys, in order, for `for`/`jsonify`/`inspect` over the drop; empty if it cannot list them.
    var keys: [String] { get }
    /// What `{{ drop }}` prints (Ruby's `to_s`); nil for Liquid's default (the drop as a hash).
    var liquidString: String? { get }
    /// The drop stands for its `liquidString` in `==` and `contains` (a tag that is a string in Jekyll's model).
    var equalsItsString: Bool { get }
}

extension LiquidDrop {
    public var liquidString: String? { nil }
    public var equalsItsString: Bool { false }
}

/// An insertion-ordered string-keyed hash (a Ruby Hash from YAML, JSON or a template).
/// Keys and values sit in two arrays in order; a hash of more than `indexAbove` keys adds an index from key
/// to position (`KeyIndex`). Most hashes a site builds are small (a link, a term, a heading), and those then cost no
/// dictionary and no hashing, to build or to read: a scan of a few keys is cheaper.
public struct LiquidHash: Sendable {
    public private(set) var keys: [String] = []
    private var values: [Value] = []
    private var index: KeyIndex?

    static let indexAbove = 8

    public init() {}
    public init(_ pairs: [(String, Value)]) {
        // Few distinct keys (a link, a heading, a term): both arrays made at once, no key looked up per pair.
        // The general loop cost ~2,000 instructions for a two-key link, 20,000 of them per build.
        if pairs.count <= Self.indexAbove, Self.distinct(pairs) {
            keys = pairs.map(\.0)
            values = pairs.map(\.1)
            return
        }
        reserveCapacity(pairs.count)
        for (k, v) in pairs { self[k] = v }
    }

    /// `order`'s keys, each with its value in `values` (as many, in the same order): a hash of a fixed shape (a
    /// heading, a link, a page's variables) without building, checking or indexing its keys each time. From
    /// pairs, a heading's three keys cost three arrays and a distinctness check (~2,000 instructions, 20,000
    /// hashes a build of 1000 posts).
    public init(_ order: LiquidKeyOrder, values: [Value]) {
        precondition(order.keys.count == values.count, "one value per key")
        keys = order.keys
        self.values = values
        index = order.index
    }

    static func distinct(_ pairs: [(String, Value)]) -> Bool {
        for i in pairs.indices {
            for j in 0..<i where pairs[i].0 == pairs[j].0 { return false }
        }
        return true
    }

    /// The position of `key` among `keys`, for a caller that fills many hashes of the same keys in place.
    public func index(forKey key: String) -> Int? { position(key) }

    /// Sets the value at `index`, a position of these keys (`index(forKey:)`): `self[keys[index]] = value`
    /// without looking the key up.
    public mutating func setValue(_ value: Value, at index: Int) { values[index] = value }

    /// Room for `count` keys, so a hash built key by key is not rehashed as it grows.
    public mutating func reserveCapacity(_ count: Int) {
        keys.reserveCapacity(count)
        values.reserveCapacity(count)
        if count > Self.indexAbove, (index?.capacity ?? 0) < count { makeIndex(capacity: count) }
    }

    private mutating func makeIndex(capacity: Int) {
        index = KeyIndex(keys, capacity: capacity)
    }

    @inline(__always)
    private func position(_ key: String) -> Int? {
        if let index { return index.find(key, in: keys) }
        var i = 0
        while i < keys.count {
            if keys[i] == key { return i }
            i += 1
        }
        return nil
    }

    /// Puts `order`'s keys first, in its order, each set to `missing` where absent; the other keys follow in
    /// their own order. The same as building a new hash that way.
    public mutating func putFirst(_ order: LiquidKeyOrder, missing: Value) {
        var newValues: [Value] = []
        newValues.reserveCapacity(keys.count + order.keys.count)
        for k in order.keys { newValues.append(position(k).map { values[$0] } ?? missing) }
        var newKeys = order.keys
        newKeys.reserveCapacity(newValues.capacity)
        for (i, k) in keys.enumerated() where !order.set.contains(k) {
            newKeys.append(k)
            newValues.append(values[i])
        }
        keys = newKeys
        values = newValues
        index = nil
        if keys.count > Self.indexAbove { makeIndex(capacity: keys.count) }
    }

    public subscript(key: String) -> Value? {
        get { position(key).map { values[$0] } }
        set {
            if let i = position(key) {
                if let newValue { values[i] = newValue; return }
                keys.remove(at: i)
                values.remove(at: i)
                if index != nil { makeIndex(capacity: keys.count) }
                return
            }
            guard let newValue else { return }
            keys.append(key)
            values.append(newValue)
            if let capacity = index?.capacity {
                if keys.count > capacity { makeIndex(capacity: keys.count * 2) } else { index!.insert(key, at: keys.count - 1) }
            } else if keys.count > Self.indexAbove {
                makeIndex(capacity: keys.count)
            }
        }
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }
    /// Pairs in insertion order.
    public var pairs: [(key: String, value: Value)] { zip(keys, values).map { ($0, $1) } }
    /// The values in key order.
    public var orderedValues: [Value] { values }
}

/// `LiquidHash`'s index of many keys: open addressing over positions in its `keys`, an ASCII key hashed by its
/// bytes (a multiply and shift per 8 bytes) instead of by `Hasher` (SipHash: ~320 instructions a look-up, 21M a
/// build of 1000 posts in template variable look-ups alone, 11M more in building pages' hashes).
/// Strings compare by canonical equivalence, under which an ASCII key equals only itself but a non-ASCII one may
/// equal an ASCII one (`K` and U+212A KELVIN SIGN): non-ASCII keys are listed apart and scanned, and a non-ASCII
/// query scans every key with `==`, as a small hash does. So a look-up finds exactly what `==` finds.
struct KeyIndex: Sendable {
    /// Position + 1 of an ASCII key; 0 for an empty slot. At most half full.
    private var slots: [Int32]
    private var nonASCII: [Int32] = []
    /// Keys it takes before it must be made again, larger.
    let capacity: Int

    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: 0, count: size)
        self.capacity = size / 2
    }

    /// The index of `keys` (distinct), each at its position, with room for `capacity` keys (at least all of them).
    init(_ keys: [String], capacity: Int) {
        self.init(capacity: max(capacity, keys.count))
        for (i, k) in keys.enumerated() { insert(k, at: i) }
    }

    /// The hash of an ASCII key's bytes; nil for a key with a byte above 0x7F.
    @inline(__always)
    static func asciiHash(_ key: String) -> Int? {
        if let h = key.utf8.withContiguousStorageIfAvailable({ asciiHash(UnsafeRawBufferPointer($0)) }) { return h }
        return Array(key.utf8).withUnsafeBytes { asciiHash($0) }
    }

    static func asciiHash(_ b: UnsafeRawBufferPointer) -> Int? {
        let n = b.count
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(truncatingIfNeeded: n)
        var high: UInt64 = 0
        var i = 0
        while i + 8 <= n {
            let w = b.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            high |= w
            h = (h ^ w) &* 0x9E37_79B9_7F4A_7C15
            h ^= h >> 29
            i += 8
        }
        if i < n {
            var w: UInt64 = 0, shift: UInt64 = 0
            while i < n {
                w |= UInt64(b[i]) << shift
                shift += 8
                i += 1
            }
            high |= w
            h = (h ^ w) &* 0x9E37_79B9_7F4A_7C15
            h ^= h >> 29
        }
        guard high & 0x8080_8080_8080_8080 == 0 else { return nil }
        return Int(truncatingIfNeeded: h ^ (h >> 32))
    }

    func find(_ key: String, in keys: [String]) -> Int? {
        guard let h = Self.asciiHash(key) else { return keys.firstIndex(of: key) }
        let mask = slots.count - 1
        var i = h & mask
        while true {
            let s = slots[i]
            if s == 0 { break }
            if keys[Int(s) - 1] == key { return Int(s) - 1 }
            i = (i + 1) & mask
        }
        for p in nonASCII where keys[Int(p)] == key { return Int(p) }
        return nil
    }

    /// Adds `key` (not among the keys yet) at `position`; the caller keeps the count within `capacity`.
    mutating func insert(_ key: String, at position: Int) {
        guard let h = Self.asciiHash(key) else {
            nonASCII.append(Int32(position))
            return
        }
        let mask = slots.count - 1
        var i = h & mask
        while slots[i] != 0 { i = (i + 1) & mask }
        slots[i] = Int32(position + 1)
    }
}

/// A fixed list of keys and the set of them, for `LiquidHash.putFirst` (a page's keys, made once).
public struct LiquidKeyOrder: Sendable {
    public let keys: [String]
    let set: Set<String>
    /// The index a `LiquidHash` of these keys has (nil for few keys), made once for every hash of them.
    let index: KeyIndex?

    public init(_ keys: [String]) {
        var seen = Set<String>()
        self.keys = keys.filter { seen.insert($0).inserted }
        set = seen
        if self.keys.count > LiquidHash.indexAbove {
            index = KeyIndex(self.keys, capacity: self.keys.count)
        } else {
            index = nil
        }
    }
}

extension Value: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
                 ExpressibleByFloatLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(arrayLiteral elements: Value...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, Value)...) { self = .hash(LiquidHash(elements)) }
    public init(nilLiteral: ()) { self = .null }
}
