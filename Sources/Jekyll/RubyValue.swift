import Foundation
import Liquid

/// Ruby's view of values the reader needs: truthiness, `to_s`, `Array(x)`, and Jekyll's deep merge.
extension Value {
    /// Ruby truthiness: only nil and false are false.
    var yamlTruthy: Bool {
        switch self {
        case .null, .bool(false): return false
        default: return true
        }
    }

    var isYAMLNull: Bool { if case .null = self { return true }; return false }

    /// Ruby `to_s` of a YAML-read value.
    var yamlString: String {
        switch self {
        case .null: return ""
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return RubyScalar.floatString(d)
        case .string(let s): return s
        case .date(let d, let off): return RubyTime.rubyString(d, utcOffset: off)
        case .array(let a): return a.map(\.yamlString).joined()
        case .hash, .range, .drop: return ""
        }
    }

    /// The string, if this is one.
    var yamlStringValue: String? { if case .string(let s) = self { return s }; return nil }
    var yamlHash: LiquidHash? { if case .hash(let h) = self { return h }; return nil }

    /// `Array(x)`: nil → [], an array as it is, anything else wrapped.
    var yamlArray: [Value] {
        switch self {
        case .null: return []
        case .array(let a): return a
        default: return [self]
        }
    }

    /// An integer from an int, or a string of digits (config values like `paginate: "5"`).
    var yamlInt: Int? {
        switch self {
        case .int(let i): return i
        case .double(let d): return Int(d)
        case .string(let s): return Int(s.trimmingCharacters(in: .whitespaces))
        default: return nil
        }
    }
}

enum RubyMerge {
    /// `Utils.deep_merge_hashes`: keys of `over` replace `base`'s in place (new keys are appended), a nil
    /// in `over` keeps the old value, and two hashes merge recursively.
    static func deep(_ base: LiquidHash, _ over: LiquidHash) -> LiquidHash {
        var out = base
        for (k, v) in over.pairs {
            if v.isYAMLNull, let old = out[k] { out[k] = old; continue }
            if case .hash(let a)? = out[k], case .hash(let b) = v {
                out[k] = .hash(deep(a, b))
            } else {
                out[k] = v
            }
        }
        return out
    }
}
