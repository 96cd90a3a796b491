import Foundation

/// What templates see: a typed, Sendable stand-in for the `[String: Any]` trees swift-mustache takes.
/// Built once per post and shared by every page that lists it; `any` gives the Foundation tree for
/// swift-mustache itself (the fallback renderer), with the same types the old contexts had.
enum TemplateValue: Sendable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case double(Double)
    case list([TemplateValue])
    case map([String: TemplateValue])

    /// Foundation values, as swift-mustache reads them.
    var any: Any {
        switch self {
        case .string(let s): return s
        case .int(let i): return i
        case .bool(let b): return b
        case .double(let d): return d
        case .list(let l): return l.map(\.any)
        case .map(let m): return m.mapValues(\.any)
        }
    }

    subscript(key: String) -> TemplateValue? {
        if case .map(let m) = self { return m[key] }
        return nil
    }

    /// A list of maps, the shape of most template lists.
    static func maps(_ items: [[String: TemplateValue]]) -> TemplateValue { .list(items.map(TemplateValue.map)) }

    /// Text of a scalar as swift-mustache prints it (`String(describing:)`). Lists and maps print
    /// in hash order, so they are left to swift-mustache (nil).
    var scalarText: String? {
        switch self {
        case .string(let s): return s
        case .int(let i): return String(i)
        case .bool(let b): return b ? "true" : "false"
        case .double(let d): return String(describing: d)
        case .list, .map: return nil
        }
    }

    /// swift-mustache's transforms (`first(tags)`, `empty(.)`, …) for the types our contexts hold.
    /// Returns `.none` where swift-mustache returns nil; throws where it would build something this
    /// renderer does not model (`sorted`/`enumerated` on maps), so the page falls back to swift-mustache.
    func transform(_ name: String) throws(FastMustache.Unsupported) -> TemplateValue? {
        switch self {
        case .string(let s):
            switch name {
            case "empty": return .bool(s.isEmpty)
            case "capitalized": return .string(s.capitalized)
            case "lowercased": return .string(s.lowercased())
            case "uppercased": return .string(s.uppercased())
            case "reversed": return .string(String(s.reversed()))
            default: return nil
            }
        case .list(let l):
            switch name {
            case "first": return l.first
            case "last": return l.last
            case "reversed": return .list(l.reversed())
            case "count": return .int(l.count)
            case "empty": return .bool(l.isEmpty)
            case "sorted": throw .init()   // [Any] is not Comparable there; keep out of the guesswork
            default: return nil
            }
        case .map(let m):
            switch name {
            case "count": return .int(m.count)
            case "empty": return .bool(m.isEmpty)
            case "enumerated", "sorted": throw .init()
            default: return nil
            }
        case .int(let i):
            switch name {
            case "equalzero": return .bool(i == 0)
            case "plusone": return .int(i + 1)
            case "minusone": return .int(i - 1)
            case "even": return .bool((i & 1) == 0)
            case "odd": return .bool((i & 1) == 1)
            default: return nil
            }
        case .bool, .double:
            return nil
        }
    }
}

extension YAMLValue {
    /// Front matter values for templates (`page.params`); null shows as an empty string, as `any` does.
    var template: TemplateValue {
        switch self {
        case .string(let s): return .string(s)
        case .bool(let b): return .bool(b)
        case .int(let i): return .int(i)
        case .double(let d): return .double(d)
        case .null: return .string("")
        case .list(let l): return .list(l.map(\.template))
        case .map(let m): return .map(Dictionary(m.map { ($0.0, $0.1.template) }, uniquingKeysWith: { $1 }))
        }
    }
}
