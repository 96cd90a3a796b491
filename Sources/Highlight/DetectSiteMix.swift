import Foundation
import Synchronization

/// What `ContextPriors` reads from a site's label counts. Every unlabelled fence of a build passes the same counts,
/// and turning each label into its family (a lower-casing and a registry lookup per label) was about a sixth of
/// the priors' time per fence: the last mix's answer is kept and reused while the counts are equal.
struct SiteMix: Sendable, Equatable {
    /// Labelled fences in all.
    let total: Int
    /// Families (`Fusion.family`) of the labels the site uses at all.
    let families: Set<String>
    /// Canonical names of labels with at least 15 % of the fences (none below 5 fences in all); nil for unknown ones.
    let large: [String?]

    init(_ counts: [String: Int]) {
        let total = counts.values.reduce(0, +)
        self.total = total
        var families = Set<String>()
        for (l, n) in counts where n > 0 { if let k = ContextPriors.canonical(l) { families.insert(Fusion.family(k)) } }
        self.families = families
        var large: [String?] = []
        if total >= 5 {
            for (l, n) in counts where Double(n) >= Double(total) * 0.15 { large.append(ContextPriors.canonical(l)) }
        }
        self.large = large
    }

    /// `SiteMix(counts)`, from the last call's answer when its counts were equal.
    static func memo(_ counts: [String: Int]) -> SiteMix {
        if counts.isEmpty { return SiteMix(counts) }
        if let hit = last.withLock({ $0.flatMap { $0.counts == counts ? $0.mix : nil } }) { return hit }
        let mix = SiteMix(counts)
        last.withLock { $0 = (counts, mix) }
        return mix
    }

    /// Behind a lock: the build highlights posts on several threads.
    private static let last = Mutex<(counts: [String: Int], mix: SiteMix)?>(nil)
}
