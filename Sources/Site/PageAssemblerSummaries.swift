import Foundation
import Liquid
import TextBytes

extension PageAssembler {
    /// Each post's list entry, made once for all the pages that show it (a post is on its own page, a
    /// home page and a page per tag), only for the posts that the pages to render show. An entry of
    /// `kept` (the last build's, by a session) is used while its post is the same document at the same
    /// place with the same terms shown: `ContextBuilder.summary` reads nothing else but the settings, and
    /// changed settings start a session over. (At 5000 posts, making every entry again for the archive
    /// was a twentieth of a one-post save.)
    func summaries(for jobs: [PageJob], postIndex: [Int?], all: Bool, kept: inout PostSummaries?) async -> PostSummaries {
        var needed = [Bool](repeating: all, count: posts.count)
        for job in jobs where !all {
            switch job {
            case .document(let i): if let p = postIndex[i] { needed[p] = true }
            case .list(_, _, _, _, let items, _, _, _, _): for i in items { needed[i] = true }
            case .special("archive", _, _): for i in posts.indices { needed[i] = true }
            case .special: break
            }
        }
        // Taken, so that it is updated in place.
        var result = kept ?? PostSummaries(count: posts.count)
        kept = nil
        if result.all.count != posts.count { result = PostSummaries(count: posts.count) }
        // An entry of another document or other terms is dropped: every entry handed on holds for this build.
        let termPrints = structure.postTermPrints
        var wanted: [Int] = []
        for i in posts.indices {
            let holds = result.documents[i] === posts[i] && result.termPrints[i] == termPrints[i]
            if !holds, result.documents[i] != nil || result.all[i] != nil {
                result.all[i] = nil; result.excerptHasCode[i] = nil; result.documents[i] = nil
            }
            if needed[i], result.all[i] == nil { wanted.append(i) }
        }
        let me = self
        let made = await parallelMap(wanted) { i in
            (me.context.summary(me.posts[i]), containsBytes(me.posts[i].excerptHTML, "<pre"))
        }
        for (i, s) in zip(wanted, made) {
            (result.all[i], result.excerptHasCode[i]) = s
            result.documents[i] = posts[i]
            result.termPrints[i] = termPrints[i]
        }
        result.made = wanted.count
        return result
    }

    struct PostSummaries: Sendable {
        var all: [LiquidHash?]
        /// Whether each post's excerpt has code: a list page loads code's stylesheet then. Found once per
        /// post, not once per list page showing it (a post is on a home page and a page per tag).
        var excerptHasCode: [Bool?]
        /// The document and the print of its terms (`Structure.postTermPrints`) each entry was made from.
        var documents: [RenderedDocument?]
        var termPrints: [Int]
        /// Entries made by the build that returned these (the others were kept).
        var made = 0

        init(count: Int) {
            all = .init(repeating: nil, count: count)
            excerptHasCode = .init(repeating: nil, count: count)
            documents = .init(repeating: nil, count: count)
            termPrints = .init(repeating: 0, count: count)
        }
    }
}
