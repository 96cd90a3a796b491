import Foundation

/// What one index build leaves for the next in the same session (`galley serve`), so that a save
/// counts the words of only the runs whose documents changed, and writes only the shard groups and
/// fragment files whose bytes can differ. A reused part was made from the same documents at the
/// same numbers, so the result is byte for byte a clean build's.
public struct SearchIndexReuse: Sendable {
    /// Each document's identity as the caller gave it: equal prints mean equal documents.
    var prints: [Int] = []
    var per = 0
    var sizes = FragmentSizes()
    /// Counted runs, in document order.
    var runs: [CountedRun] = []
    /// The index's files as returned (the manifest first, then the shards by path, then the fragment
    /// files) with their content hashes, and each shard group's files: a save replaces its few at their places.
    var listing = SearchIndex.Listing()
    /// The documents, in the order of `prints`, for the caller to take again where a print is unchanged.
    public internal(set) var documents: [SearchDocument] = []

    /// The numbers (below `prints.count`) whose print differs from the one kept, or that are new.
    public func differing(_ prints: [Int]) -> [Int] {
        var out: [Int] = []
        let common = min(prints.count, self.prints.count)
        self.prints.withUnsafeBufferPointer { before in
            prints.withUnsafeBufferPointer { now in
                for n in 0..<common where before[n] != now[n] { out.append(n) }
            }
        }
        if prints.count > common { out += common..<prints.count }
        return out
    }

    /// The run kept whose first document is `first`, if any.
    func run(startingAt first: Int) -> CountedRun? {
        let k = firstPlace(in: runs.indices) { runs[$0].range.lowerBound < first }
        return k < runs.count && runs[k].range.lowerBound == first ? runs[k] : nil
    }

    /// The documents made last time for `prints`, and the places (ascending) none was made for (an
    /// empty document holds them). A document that moved (one added or removed before it) is found
    /// by its print among the places whose print differs or that are gone: at a place whose print is
    /// unchanged it is found there (equal prints, equal documents), so looking all 5000 up on a save is not needed.
    public func documents(for prints: [Int]) -> (documents: [SearchDocument], missing: [Int]) {
        let differ = differing(prints)
        var list = documents.count == prints.count ? documents : Array(documents.prefix(prints.count))
        if list.count < prints.count { list += repeatElement(SearchDocument(url: "", title: "", text: ""), count: prints.count - list.count) }
        var moved: [Int: SearchDocument] = [:]
        // (The places past the end of `prints` count as differing.)
        for n in differ.lazy.filter({ $0 < self.prints.count }) + (prints.count..<max(prints.count, self.prints.count))
        where moved[self.prints[n]] == nil {
            moved[self.prints[n]] = documents[n]
        }
        var missing: [Int] = []
        for n in differ {
            if let kept = moved[prints[n]] { list[n] = kept } else { missing.append(n) }
        }
        return (list, missing)
    }

    /// The work the build that made this did (tests count it; wall time on shared machines is noise).
    public internal(set) var countedDocuments = 0
    public internal(set) var madeGroups = 0
    /// Postings the merge read: every run's when all terms are merged, the rewritten groups' terms' only on a save.
    public internal(set) var postingsRead = 0
    public internal(set) var madeFragmentFiles = 0

    public init() {}

    /// What is kept, counted (it must not grow with the number of builds).
    public var heldCount: Int { prints.count + runs.count + listing.files.count + listing.groups.count + documents.count + sizes.each.count }
}

/// One run's postings, with a print per shard group of the postings it adds to that group. A class:
/// a session keeps hundreds of runs, handed from build to build, and copying each one's tables was
/// visible in a save.
final class CountedRun: Sendable {
    let range: Range<Int>
    let run: Postings.Run
    let groupPrints: [String: UInt64]
    /// Each term's shard group, as a number into `groupKeys` (with `prints` only): a save merges only
    /// the terms of the groups it rewrites.
    let termGroup: [Int32]
    let groupKeys: [String]
    let groupNumbers: [String: Int32]
    /// Each group's terms (run numbers, ascending), and each term's postings as indexes into
    /// `run.postings` (`termPostings[termStart[t]..<termStart[t + 1]]`, in document order): a save
    /// merges the postings of a few groups' terms without reading the run's other postings.
    let groupTerms: [[Int32]]
    let termStart: [Int32]
    let termPostings: [Int32]

    /// `prints`: make the group prints (only a build that will be followed by another needs them).
    init(range: Range<Int>, run: Postings.Run, prints: Bool) {
        self.range = range
        self.run = run
        guard prints else {
            groupPrints = [:]; termGroup = []; groupKeys = []; groupNumbers = [:]; groupTerms = []; termStart = []; termPostings = []
            return
        }
        // Terms to group numbers first (a run has thousands of terms and far more postings).
        var number: [String: Int] = [:]
        var keys: [String] = []
        let termGroup = run.terms.words.indices.map { t -> Int32 in
            let key = Terms.shardKey(run.terms.string(t))
            if let n = number[key] { return Int32(n) }
            number[key] = keys.count
            keys.append(key)
            return Int32(keys.count - 1)
        }
        var acc = [UInt64](repeating: 0xcbf2_9ce4_8422_2325, count: keys.count)
        let prime: UInt64 = 0x100_0000_01b3
        for p in run.postings {
            let w = run.terms.words[Int(p.term)], g = Int(termGroup[Int(p.term)])
            var h = acc[g]
            h = (h ^ w.low) &* prime
            h = (h ^ w.high) &* prime
            h = (h ^ w.hash ^ UInt64(UInt32(bitPattern: w.length))) &* prime
            h = (h ^ (UInt64(UInt32(bitPattern: p.doc)) | UInt64(UInt32(bitPattern: Postings.score(p))) << 32)) &* prime
            acc[g] = h
        }
        groupPrints = Dictionary(uniqueKeysWithValues: zip(keys, acc))
        self.termGroup = termGroup
        groupKeys = keys
        groupNumbers = number.mapValues { Int32(truncatingIfNeeded: $0) }
        var groupTerms = [[Int32]](repeating: [], count: keys.count)
        for (t, g) in termGroup.enumerated() { groupTerms[Int(g)].append(Int32(truncatingIfNeeded: t)) }
        self.groupTerms = groupTerms
        var start = [Int32](repeating: 0, count: termGroup.count + 1)
        for p in run.postings { start[Int(p.term) + 1] &+= 1 }
        for t in 0..<termGroup.count { start[t + 1] &+= start[t] }
        var fill = start
        var order = [Int32](repeating: 0, count: run.postings.count)
        for (k, p) in run.postings.enumerated() {
            let t = Int(p.term)
            order[Int(fill[t])] = Int32(truncatingIfNeeded: k)
            fill[t] &+= 1
        }
        termStart = start
        termPostings = order
    }

    /// The run's terms that are in one of `groups`, ascending (nil when the run has no group numbers).
    func terms(in groups: Set<String>) -> [Int32]? {
        guard termGroup.count == run.terms.words.count, termStart.count == termGroup.count + 1 else { return nil }
        var wanted: [Int32] = []
        // A save rewrites a few groups of the hundreds a run has: looked up by key.
        for key in groups { if let g = groupNumbers[key] { wanted += groupTerms[Int(g)] } }
        wanted.sort()
        return wanted
    }

    /// The groups whose postings from this run differ from `old`'s (same documents' numbers).
    func changedGroups(since old: CountedRun) -> Set<String> {
        var changed = Set<String>()
        for (k, v) in groupPrints where old.groupPrints[k] != v { changed.insert(k) }
        for k in old.groupPrints.keys where groupPrints[k] == nil { changed.insert(k) }
        return changed
    }
}

/// A shard group's files as written, and whether its shard was split by a third letter.
struct ShardGroup: Sendable {
    /// By path.
    var files: [(SearchIndex.File, UInt64)]
    var split: Bool

    init(files: [(SearchIndex.File, UInt64)], split: Bool) {
        self.files = files.sorted { $0.0.path < $1.0.path }
        self.split = split
    }

    /// Whether `other` has the same files (by path) and split: its files then take these' places in the list.
    func samePlaces(_ other: ShardGroup) -> Bool {
        split == other.split && files.map(\.0.path) == other.files.map(\.0.path)
    }
}

/// Each document's fragment size, and the same sorted: the median decides how many documents share a
/// fragment file. A save changes the sizes of its few documents in both (sorting 5000 was most of a
/// millisecond per save).
struct FragmentSizes: Sendable {
    var each: [Int] = []
    var sorted: [Int] = []

    init() {}

    /// With `prints` and `old` (same number of documents): `old`'s sizes, those whose print differs measured again.
    init(_ docs: [SearchDocument], prints: [Int]?, reusing old: SearchIndexReuse?) {
        guard let prints, let old, old.sizes.each.count == docs.count, old.prints.count == docs.count else {
            each = docs.map(SearchIndex.fragmentSize)
            sorted = each.sorted()
            return
        }
        self = old.sizes
        for n in old.differing(prints) {
            let size = SearchIndex.fragmentSize(docs[n]), was = each[n]
            guard size != was else { continue }
            each[n] = size
            let gone = firstPlace(in: sorted.indices) { [sorted] in sorted[$0] < was }
            sorted.remove(at: gone)
            let at = firstPlace(in: sorted.indices) { [sorted] in sorted[$0] < size }
            sorted.insert(size, at: at)
        }
    }

    /// How many consecutive documents share a fragment file: a power of two, as many as keep a file
    /// of documents of the median size within `fragmentFileBytes` (one for long posts, dozens for notes).
    var per: Int {
        guard !sorted.isEmpty else { return 1 }
        let median = sorted[sorted.count / 2]
        var per = 1
        while per < SearchIndex.maxPerFile, per * 2 * median <= SearchIndex.fragmentFileBytes { per *= 2 }
        return per
    }
}
