import Foundation

extension SearchIndex {
    /// The index's files in order (a placeholder for the manifest first), with their content hashes.
    struct Listing {
        var files: [File] = [File(path: "manifest.json", data: Data())]
        var hashes: [UInt64] = [0]
        var shardCount = 0
        var groups: [String: ShardGroup] = [:]
        var split: [String] = []
        /// The places whose files differ from the last build's (nil: all of them may).
        var remade: [Int]? = nil

        init() {}

        /// The fragment files follow the manifest and the shards.
        var fragmentCount: Int { files.count - 1 - shardCount }
        func fragment(_ i: Int) -> (File, UInt64) { (files[1 + shardCount + i], hashes[1 + shardCount + i]) }

        /// Every group's files by path, then the fragment files.
        init(groups: [String: ShardGroup], fragments: [(File, UInt64)]) {
            let shards = groups.values.flatMap(\.files).sorted { $0.0.path < $1.0.path }
            files += shards.map(\.0) + fragments.map(\.0)
            hashes += shards.map(\.1) + fragments.map(\.1)
            shardCount = shards.count
            self.groups = groups
            split = groups.filter(\.value.split).map(\.key).sorted()
        }

        /// `old`'s listing with the `changed` groups' files (made anew: `groups`) and the fragment files made
        /// anew put at their places, when every changed group has the files (paths) it had and the number of
        /// fragment files is `old`'s; false (and nothing changed) otherwise.
        mutating func replace(_ old: Listing, changed: Set<String>, groups made: [String: ShardGroup],
                              fragments: some Sequence<(Int, (File, UInt64))>, fragmentCount: Int) -> Bool {
            guard old.fragmentCount == fragmentCount else { return false }
            for key in changed {
                guard let before = old.groups[key], let now = made[key], before.samePlaces(now) else { return false }
            }
            self = old
            var places = [0]
            for key in changed {
                let group = made[key]!
                groups[key] = group
                for (f, h) in group.files {
                    let k = place(of: f.path)
                    files[k] = f; hashes[k] = h
                    places.append(k)
                }
            }
            for (i, (f, h)) in fragments {
                files[1 + shardCount + i] = f; hashes[1 + shardCount + i] = h
                places.append(1 + shardCount + i)
            }
            remade = places
            return true
        }

        /// The place of the shard file at `path` (one of the listing's: shards are sorted by path).
        private func place(of path: String) -> Int {
            let k = firstPlace(in: 1..<(1 + shardCount)) { files[$0].path < path }
            precondition(k < 1 + shardCount && files[k].path == path, "a shard group kept its files")
            return k
        }
    }
}

/// The first place in `range` where `isBelow` is false, for places sorted so that it holds before them
/// and not after (a binary search: the kept file list, runs and fragment sizes are searched this way).
func firstPlace(in range: Range<Int>, _ isBelow: (Int) -> Bool) -> Int {
    var low = range.lowerBound, high = range.upperBound
    while low < high {
        let mid = (low + high) / 2
        if isBelow(mid) { low = mid + 1 } else { high = mid }
    }
    return low
}
