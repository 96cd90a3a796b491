import Foundation

extension JekyllImport {
    /// What a leftover means for the new site, in the order the report shows them: what breaks first.
    public enum Consequence: Int, Sendable, CaseIterable, Comparable {
        /// A page Jekyll wrote at a URL the new site does not (or a URL only the new site has).
        case urlChanges
        /// A source page, document or file that is not in the new site.
        case pageNotCarried
        /// A Jekyll plugin (a gem, `_plugins/`) whose work the new site does not do.
        case pluginNotRun
        /// Carried over but not as it was: a setting, a Liquid construct, a front matter key; check it.
        case needsHand
        /// Carried in another form that means the same (dates with their offset, excerpt markers, compiled CSS).
        case carried

        public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

        public var title: String {
            switch self {
            case .urlChanges: "URLs that change"
            case .pageNotCarried: "pages not carried"
            case .pluginNotRun: "plugins not run"
            case .needsHand: "things that need a hand"
            case .carried: "carried in another form (nothing to do)"
            }
        }
    }
}

extension JekyllImport.Report {
    /// The leftovers by consequence, what breaks first, each group in file order.
    public var groups: [(JekyllImport.Consequence, [JekyllImport.Leftover])] {
        JekyllImport.Consequence.allCases.compactMap { kind in
            let items = leftovers.filter { $0.kind == kind }
            return items.isEmpty ? nil : (kind, items)
        }
    }

    /// One line saying what would break, counted by consequence (the first line of the report).
    public var summary: String {
        let counts = JekyllImport.Consequence.allCases.filter { $0 != .carried }.map { kind in
            "\(leftovers.filter { $0.kind == kind }.count) \(kind.title)"
        }
        return "what would break: " + counts.joined(separator: ", ")
    }

    /// The report as `galley import jekyll` prints it: the summary, then each group with its count.
    public var lines: [String] {
        var out = [summary]
        for (kind, items) in groups {
            out.append("")
            out.append("\(kind.title) (\(items.count)):")
            for l in items { out.append("  " + l.description) }
        }
        return out
    }
}
