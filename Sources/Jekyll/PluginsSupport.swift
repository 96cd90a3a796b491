import Foundation
import Liquid
import Site

/// Calls the build's Liquid filters from Swift, as the gems call `Jekyll::Filters` from Ruby
/// (`absolute_url`, `markdownify`, `date_to_xmlschema`, …), so plugin output matches what templates print.
struct PluginFilters: LiquidFilterContext {
    let site: JekyllSiteView

    var options: LiquidOptions { site.render.engine.options }

    func register<T>(_ key: String, as: T.Type) -> T? {
        if key == "jekyll.site" { return site as? T }
        return site.render.registers[key] as? T
    }

    func evaluate(_ expression: String, binding name: String, to value: Value) throws(LiquidError) -> Value { .null }

    func warn(_ message: String) {}

    /// `input | name: args`; the input unchanged when the filter is missing or fails.
    func apply(_ name: String, _ input: Value, _ args: [Value] = []) -> Value {
        guard let f = site.render.engine.filters[name] else { return input }
        return (try? f(input, args, LiquidHash(), self)) ?? input
    }

    func string(_ name: String, _ input: Value, _ args: [Value] = []) -> String { apply(name, input, args).liquidString }

    /// Several filters in a row.
    func chain(_ input: Value, _ names: [String]) -> String {
        names.reduce(input) { apply($1, $0) }.liquidString
    }

    func absoluteURL(_ path: String) -> String { string("absolute_url", .string(path)) }
    func xmlEscape(_ s: String) -> String { string("xml_escape", .string(s)) }
    func xmlschema(_ v: Value) -> String { string("date_to_xmlschema", v) }
}

/// Small helpers over Liquid values, read the way a template reads them.
enum PluginValue {
    /// `a.b.c` on hashes and drops; nil when a step is missing.
    static func dig(_ v: Value?, _ keys: String...) -> Value? {
        var cur = v
        for k in keys {
            switch cur {
            case .hash(let h)?: cur = h[k]
            case .drop(let d)?: cur = d.value(forKey: k)
            default: return nil
            }
        }
        if case .null? = cur { return nil }
        return cur
    }

    /// A string value (not nil, not a hash).
    static func string(_ v: Value?) -> String? {
        switch v {
        case .string(let s)?: return s
        case .int, .double, .bool, .date: return v!.liquidString
        default: return nil
        }
    }

    /// Liquid's `default`: nil, false and empty strings/arrays/hashes give way.
    static func orDefault(_ v: Value?, _ fallback: Value?) -> Value? {
        guard let v else { return fallback }
        switch v {
        case .null, .bool(false): return fallback
        case .string(let s) where s.isEmpty: return fallback
        case .array(let a) where a.isEmpty: return fallback
        case .hash(let h) where h.isEmpty: return fallback
        default: return v
        }
    }

    /// Ruby's `value.to_s.empty?` with nil as empty.
    static func isBlank(_ v: Value?) -> Bool {
        guard let v else { return true }
        switch v {
        case .null: return true
        case .string(let s): return s.isEmpty
        case .array(let a): return a.isEmpty
        case .hash(let h): return h.isEmpty
        default: return false
        }
    }

    /// The hash under `key`, or empty (`sub_hash` in the gems).
    static func hash(_ v: Value?) -> LiquidHash? {
        switch v {
        case .hash(let h)?: return h
        case .drop(let d)?:
            var h = LiquidHash()
            for k in d.keys { h[k] = d.value(forKey: k) }
            return h
        default: return nil
        }
    }
}

extension JekyllSiteView {
    var filters: PluginFilters { PluginFilters(site: self) }
    /// `site.<key>` as templates see it.
    func siteValue(_ key: String) -> Value? {
        guard case .drop(let d) = site, let v = d.value(forKey: key), !v.isNil else { return nil }
        return v
    }
    /// Adds a finding to the build's list.
    func report(_ d: SiteDiagnostic) { render.sink.add(d) }
}

extension JekyllSiteSource {
    /// Whether a page or a static file is served at `url` (`/robots.txt`), as the gems check before adding theirs.
    func serves(_ url: String) -> Bool {
        pages.contains { $0.url == url } || staticFiles.contains { $0.url == url }
    }
}
