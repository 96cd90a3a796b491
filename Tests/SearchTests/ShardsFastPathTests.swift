import Foundation
import Testing
import TestSupport
@testable import Search

/// `SearchIndex.shards` groups ASCII terms by their first two bytes, without their Strings' characters:
/// the same groups, split the same way, with the same files, as grouping every term by `Terms.shardKey`.
@Suite struct ShardsFastPathTests {
    /// The grouping the byte path stands in front of: every term by its String.
    static func reference(_ terms: [Int], _ postings: Postings, only: Set<String>?) -> [String: [String: Data]] {
        var byKey: [String: [SearchIndex.TermID]] = [:]
        for t in terms {
            let term = postings.terms.string(t), key = Terms.shardKey(term)
            if let only, !only.contains(key) { continue }
            byKey[key, default: []].append(SearchIndex.TermID(term: term, id: t))
        }
        var groups: [String: [String: Data]] = [:]
        for (key, list) in byKey {
            let long = list.filter { Terms.length($0.term) > 2 }
            var files: [String: Data] = [:]
            if Terms.length(key) == 2, !long.isEmpty, SearchIndex.shardSize(list, postings) > SearchIndex.splitAbove {
                files[key] = SearchIndex.shard(list.filter { Terms.length($0.term) <= 2 }, postings)
                for (k3, ts) in Dictionary(grouping: long, by: { Terms.prefix($0.term, 3) }) { files[k3] = SearchIndex.shard(ts, postings) }
            } else {
                files[key] = SearchIndex.shard(list, postings)
            }
            groups[key] = Dictionary(uniqueKeysWithValues: files.map { ("t/\(Terms.fileName($0.key)).json", $0.value) })
        }
        return groups
    }

    /// One- and two-letter terms, terms of 16 and 17 bytes, terms that start ASCII and go on
    /// otherwise (`abé` shares the group `ab`), non-ASCII keys, and groups big enough to split.
    @Test func asciiGroupingMatchesGroupingByString() {
        var rng = SplitMix(seed: 43)
        let stems = ["a", "ab", "abc", "abé", "ab東", "b", "ba", "bat", "batch", "the", "th", "théâtre", "é", "éa", "東京", "ñu",
                     "abcdefghijklmnop", "abcdefghijklmnopq", "x9", "9x", "z"]
        var anySplit = false
        for _ in 0..<6 {
            let docs = (0..<(20 + rng.below(200))).map { d in
                let words = (0..<(20 + rng.below(300))).map { _ in stems[rng.below(stems.count)] + (rng.below(2) == 0 ? String(rng.below(400)) : "") }
                return SearchDocument(url: "/\(d)/", title: "t", text: words.joined(separator: " "))
            }
            let postings = Postings(merging: [Postings.Run(docs, 0..<docs.count)])
            let all = Array(0..<postings.terms.words.count)
            let keys = Set(all.map { Terms.shardKey(postings.terms.string($0)) })
            for only in [nil, Set(keys.sorted().filter { _ in rng.below(3) == 0 })] as [Set<String>?] {
                let made = SearchIndex.shards(all, postings, only: only)
                let expected = Self.reference(all, postings, only: only)
                #expect(Set(made.keys) == Set(expected.keys))
                for (key, group) in made {
                    let files = Dictionary(uniqueKeysWithValues: group.files.map { ($0.0.path, $0.0.data) })
                    #expect(files == expected[key], "\(key)")
                    #expect(group.split == (files.count > 1))
                    anySplit = anySplit || group.split
                }
            }
        }
        #expect(anySplit, "some group is big enough to split")
    }
}
