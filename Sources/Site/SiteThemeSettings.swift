import Foundation
import Liquid

/// `theme:` and `params:` in site.yml, for a site whose templates are its own (an imported Jekyll theme).
///
/// - `theme: galley` (the default): the built-in theme fills in every template the site lacks, and Galley
///   makes its own pages (the post list, tag pages, archive, 404, search).
/// - `theme: own`: `templates/` is the whole theme, as `_layouts/` and `_includes/` were in Jekyll: nothing is
///   filled in, and Galley writes no pages of its own (feeds, sitemap and redirects still), so the site has the
///   URLs its pages give it and no others.
///
/// `params:` are settings of the theme's own (Jekyll's `_config.yml` keys such as `minima:` or
/// `show_downloads:`): templates read each as `site.<key>` (unless Galley has that name) and `site.params.<key>`.
public struct SiteThemeSettings: Sendable {
    public var own = false
    public var params: [(String, YAMLValue)] = []
    /// `site.data`: the files of `data/` (see `SiteData`); an empty hash without that folder.
    public var data: Value = .drop(FrontMatterDrop(LiquidHash()))

    public init() {}

    static let names = ["galley", "own"]

    mutating func apply(_ doc: YAMLDocument, file: String, diagnostics: DiagnosticSink) {
        if let value = doc["theme"] {
            let (l, c) = doc.position(of: "theme") ?? (1, 1)
            switch value.text {
            case "own"?: own = true
            case "galley"?: own = false
            default:
                let written = value.text ?? "?"
                let near = Suggest.nearest(written, in: Self.names).map { "did you mean `\($0)`? " } ?? ""
                diagnostics.add(.warning(file, line: l, column: c, "unknown `theme: \(written)`; the site uses Galley's theme",
                                         hint: near + "`theme: own` (templates/ is the whole theme) or `theme: galley`"))
            }
        }
        switch doc["params"] {
        case .map(let pairs)?: params = pairs
        case nil, .null?: break
        default:
            let (l, c) = doc.position(of: "params") ?? (1, 1)
            diagnostics.add(.warning(file, line: l, column: c, "`params` must be a mapping of names to values; it is ignored",
                                     hint: "e.g. `params: {show_downloads: true}`; templates read `site.show_downloads`"))
        }
    }

    /// Adds `site.params` and each param as `site.<key>` where the model has no such key.
    func add(to site: inout LiquidHash) {
        var h = LiquidHash()
        for (k, v) in params { h[k] = v.liquid }
        site["params"] = .drop(FrontMatterDrop(h))
        site["data"] = data
        for (k, v) in h.pairs where site[k] == nil { site[k] = v }
    }
}

extension SiteConfig {
    /// The feeds' title: the site's, or its host when the site has none (`title: ""`, as a Jekyll site without
    /// one is imported, so its theme shows no title where Jekyll showed none).
    var feedTitle: String {
        title.isEmpty ? (URLComponents(string: origin)?.host ?? origin) : title
    }
}
