import Foundation
import Liquid

/// The Liquid engine as Jekyll 4.3 sets it up: its options from `liquid:`, Liquid's standard filters,
/// Jekyll's filters and tags, then the plugins' (a plugin may replace a built-in, as in Ruby), then
/// placeholders for what Ruby plugins would have registered.
enum JekyllEngine {
    static func make(config: JekyllConfig, plugins: [any JekyllPlugin], ruby: RubyPlugins) -> LiquidEngine {
        var options = LiquidOptions()
        options.strictFilters = config.liquid.strictFilters
        options.strictVariables = config.liquid.strictVariables
        switch config.liquid.errorMode {
        case "lax": options.errorMode = .lax
        case "strict": options.errorMode = .strict
        default: options.errorMode = .warn
        }
        options.timeZone = config.timeZone
        var filters = StandardFilters.all
        for (k, v) in JekyllFilters.pure { filters[k] = v }
        for (k, v) in JekyllTags.filters { filters[k] = v }
        var tags = JekyllTags.tags
        let placeholders = ruby.placeholders
        for (k, v) in placeholders.tags where tags[k] == nil { tags[k] = v }
        for (k, v) in placeholders.filters where filters[k] == nil { filters[k] = v }
        for p in plugins {
            for (k, v) in p.tags { tags[k] = v }
            for (k, v) in p.filters { filters[k] = v }
        }
        return LiquidEngine(options: options, filters: filters, tags: tags)
    }

    /// What `relative_url`/`absolute_url` read from the `jekyll.urls` register.
    static func urlSettings(_ config: JekyllConfig) -> JekyllURLSettings {
        JekyllURLSettings(url: config.url, baseurl: config.baseurl)
    }
}
