/// Detection with the post's context: the code's own evidence (the hand-written scores and the model's class
/// probabilities) weighed against what the post says (`ContextPriors`). The context can pick between languages
/// the code leaves close, or overrule a verdict the code barely supports; it never labels code that supports
/// none of its candidates. `fallback_language` is the weakest prior of all: it decides only between the model's
/// two closest classes, one of them its own. What stays unsure stays plain.
enum Fusion {
    /// How much the code itself supports a language, 0...1: the model's probability for its family, or for a
    /// language the model has no class for (Objective-C, PowerShell, SCSS) the hand-written score against the
    /// best other one (Objective-C also takes the model's C family share when its own features fired).
    struct Support {
        let p: [Double]
        let hand: [Double]
        /// A Cocoa-typed declaration in the block (`Shapes.hasCocoaDeclaration`): Objective-C's own evidence.
        var cocoa = false

        func callAsFunction(_ language: String) -> Double {
            if let c = Model.classes.firstIndex(of: language) {
                return Model.family[c].reduce(0) { $0 + p[$1] }
            }
            guard let i = Scorer.langs.firstIndex(where: { $0.name == language }) else { return 0 }
            let own = hand[i]
            // Objective-C statements without brackets read as C to the model: its C family share counts.
            var cShare = language == "objective-c" ? Model.classes.firstIndex(of: "c").map { Model.family[$0].reduce(0) { $0 + p[$1] } * 0.8 } ?? 0 : 0
            if language == "objective-c" && cocoa { cShare = max(cShare, 0.5) }
            guard own >= 3 else { return cShare }
            let family = Scorer.root(i)
            var other = 0.0
            for k in hand.indices where Scorer.root(k) != family { other = max(other, hand[k]) }
            return max(cShare, min(1, own / max(own + other, 1)))
        }
    }

    /// Languages that count as one answer when context and code meet (`objc` code read as C by the model).
    static func family(_ l: String) -> String {
        switch l {
        case "c", "cpp", "objective-c": return "c"
        case "javascript", "typescript", "jsx", "tsx": return "javascript"
        case "html", "xml": return "xml"
        case "bash", "console": return "bash"
        default: return l
        }
    }

    static func choose(base: Detection?, lineCount: Int, priors: ContextPriors, fallback: String?,
                       evidence: () -> Support, looksLikeCode: () -> Bool) -> Detection? {
        let short = lineCount <= 3
        if priors.isEmpty && fallback == nil {
            // No context: a short fence is too little to go on.
            return short ? nil : base
        }
        let support = evidence()
        if let b = base {
            let bf = family(b.language)
            // A short fence needs the post itself (its labels, tags, title, prose) behind the verdict, not the site.
            let agreed = priors.ranked.contains { family($0.0) == bf && (!short || $0.1 >= 2) }
            // Where the post names the verdict's family (Objective-C post, code read as C), say it the post's way.
            if let named = priors.ranked.first(where: { family($0.0) == bf && $0.1 >= 2 }), named.0 != b.language, support(named.0) >= 0.3 {
                return Detection(language: named.0, confidence: b.confidence)
            }
            let sb = support(b.language)
            // A language the site never labels (Scala on a blog of 200 Kotlin fences) gives way to a close one it
            // does label, or to plain text when it is no clear verdict.
            let stranger = priors.siteTotal >= 20 && !priors.site.contains(bf)
            for (c, w) in priors.ranked where (w >= 2 || stranger) && family(c) != bf {
                let sc = support(c)
                if stranger && close(c, b.language) && sc >= 0.05 { return Detection(language: c, confidence: sc) }
                if sc >= 0.2 && sc >= sb * (w >= 3 ? 0.5 : w >= 2 ? 0.8 : 0.4) { return Detection(language: c, confidence: sc) }
            }
            // On a site that never labels it, a language needs the code's near certainty.
            if stranger && !agreed && b.confidence < 0.97 { return nil }
            // So does one the post's own labels and prose leave out while they name others (TypeScript read as
            // Swift in a post of TypeScript and JSON): the post is closer evidence than the site.
            let own = priors.ranked.filter { $0.1 >= 3 }
            if !own.isEmpty && !own.contains(where: { family($0.0) == bf }) && b.confidence < Fusion.postDisagreement { return nil }
            if !short || agreed { return b }
        }
        // The post's own languages (labels, title, tags, prose): the code chooses among them, clearly.
        let post = priors.ranked.filter { $0.1 >= 2 }.map { ($0.0, support($0.0) * ($0.1 >= 3 ? 1 : 0.8)) }.sorted { $0.1 > $1.1 }
        if let top = post.first {
            let second = post.dropFirst().first { family($0.0) != family(top.0) }?.1 ?? 0
            if top.1 >= (short ? 0.2 : 0.15) && top.1 >= 2 * second { return Detection(language: top.0, confidence: min(0.99, top.1)) }
        }
        // The site's mix alone: only for longer fences the code itself nearly settles.
        if !short, let (c, s) = priors.ranked.filter({ $0.1 < 2 }).map({ ($0.0, support($0.0)) }).max(by: { $0.1 < $1.1 }), s >= 0.6 {
            return Detection(language: c, confidence: s)
        }
        if let f = fallback, !short, let pick = between(f, support.p), looksLikeCode() { return Detection(language: pick, confidence: 0.5) }
        return nil
    }

    /// How sure the code alone must be of a language its post does not show. On blog_fences.jsonl, 0.9 turns two
    /// wrong labels plain for one right one lost; 0.97 changes nothing more, 0.8 keeps one more wrong.
    static let postDisagreement = 0.9

    /// Languages one is easily read as another: a site's own label wins between them.
    static func close(_ a: String, _ b: String) -> Bool {
        let groups: [Set<String>] = [["kotlin", "scala", "groovy", "java"], ["c", "cpp", "objective-c", "csharp"], ["javascript", "typescript"], ["swift", "kotlin"]]
        return groups.contains { $0.contains(a) && $0.contains(b) }
    }

    /// `fallback` when the model's two likeliest families are close (the second at least 60 % of the first, both
    /// together most of the mass) and it is one of them; nil otherwise.
    static func between(_ fallback: String, _ p: [Double]) -> String? {
        guard let f = ContextPriors.canonical(fallback) else { return nil }
        var shares: [String: Double] = [:]
        for (c, name) in Model.classes.enumerated() where name != "other" { shares[family(name), default: 0] += p[c] }
        let top = shares.sorted { $0.value > $1.value }
        guard top.count >= 2, top[1].value >= top[0].value * 0.6, top[0].value + top[1].value >= 0.6 else { return nil }
        return top.prefix(2).contains { $0.key == family(f) } ? f : nil
    }
}
