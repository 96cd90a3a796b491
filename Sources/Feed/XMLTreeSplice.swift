import Foundation
import TextBytes

/// Items already parsed during one pass over a site's feeds, by the context they were parsed in.
///
/// A post with three tags is an item of the site feed and of three tag feeds, with the same bytes each time:
/// parsing its tens of kilobytes of content once instead of four times was about a third of validating a
/// build's feeds (libxml2's CDATA scans, measured on the 1000-post benchmark corpus). Items are kept with
/// their trees, so one table should live for one pass over the feeds, not for a session.
public final class XMLItemTrees: @unchecked Sendable {
    /// Texts compared and hashed as bytes: `String`'s `==` is canonical equivalence, and two spellings of `é`
    /// parse to different text.
    struct Key: Hashable {
        var context: String
        var tail: String
        var item: String
        /// `scope(context:tail:)`, taken once per feed: hashing the context's few hundred bytes again for each of the
        /// feed's items at each table lookup was most of the lookups' cost (measured).
        var scope: Int

        init(context: String, tail: String, item: String, scope: Int? = nil) {
            (self.context, self.tail, self.item) = (context, tail, item)
            self.scope = scope ?? Self.scope(context: context, tail: tail)
        }

        /// A digest of the context's and the tail's bytes.
        static func scope(context: String, tail: String) -> Int {
            var h = Hasher()
            for text in [context, tail] {
                h.combine(text.utf8.count)
                h.combine(text.utf8.withContiguousStorageIfAvailable { byteDigest(UnsafeRawBufferPointer($0)) } ?? text.hashValue)
            }
            return h.finalize()
        }

        static func == (a: Key, b: Key) -> Bool {
            sameBytes(a.item, b.item) && sameBytes(a.context, b.context) && sameBytes(a.tail, b.tail)
        }

        /// The context and tail through `scope`; of the item its length and ends: items that share those are told
        /// apart by `==`, which is instant for the same string (a feed's items come from one fragment cache).
        func hash(into h: inout Hasher) {
            h.combine(scope)
            h.combine(item.utf8.count)
            item.utf8.withContiguousStorageIfAvailable { u in
                let raw = UnsafeRawBufferPointer(u)
                h.combine(bytes: UnsafeRawBufferPointer(rebasing: raw.prefix(64)))
                h.combine(bytes: UnsafeRawBufferPointer(rebasing: raw.suffix(64)))
            }
        }

        static func sameBytes(_ a: String, _ b: String) -> Bool {
            guard a.utf8.count == b.utf8.count else { return false }
            let same = a.utf8.withContiguousStorageIfAvailable { x in
                b.utf8.withContiguousStorageIfAvailable { y in
                    x.baseAddress == y.baseAddress || x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0
                }
            }
            return (same ?? nil) ?? a.utf8.elementsEqual(b.utf8)
        }
    }

    /// An item's element with lines counted from the wrapper's first line, the line it starts on there, and how
    /// many line feeds the item holds (counted once: counting them in each feed was a visible share).
    struct Parsed {
        var element: XMLElementNode
        var firstLine: Int
        var newlines: Int
    }

    /// A parsed item and how many more feeds of the pass will ask for it.
    private struct Entry {
        var parsed: Parsed?
        var left: Int
    }

    private let lock = MadeOnce<Key>()
    private var trees: [Key: Entry] = [:]
    private var parses = 0

    public init() {}

    /// How many items were parsed (not found here), counted for tests of the work a build does.
    public var itemsParsed: Int { lock.locked { parses } }

    /// How many items are held now (an item is let go at its last announced use).
    public var itemsHeld: Int { lock.locked { trees.count } }

    /// The parsed item for `key`, made by `make` on a miss; nil when it did not parse as one element.
    /// `uses` is how many feeds of the pass carry the item, this one included: the entry is let go after the
    /// last, so a site's item trees are not all held at once (they hold every post's content). A count too low
    /// costs a parse again, never a wrong tree. A thread asking for an item another is parsing waits for it.
    func parsed(_ key: Key, uses: Int, make: () -> Parsed?) -> Parsed? {
        lock.value(key, found: { () -> Parsed?? in
            guard var hit = trees[key] else { return nil }
            hit.left -= 1
            trees[key] = hit.left <= 0 ? nil : hit
            return .some(hit.parsed)
        }, make: make, keep: { made in
            if uses > 1 { trees[key] = Entry(parsed: made, left: uses - 1) }
            parses += 1
        })
    }
}

extension XMLTree {
    /// The tree of `data`, which `layout` says is a head, items and closing tags, made from a parse of the head
    /// with the closing tags and one parse per distinct item between the context and the closing tags (`trees`).
    ///
    /// The whole is well-formed when those parts are: the items are sibling elements in the same open elements
    /// and namespace declarations, and every byte of `data` is in one of the parses (checked here, not assumed).
    /// The tree is the one `parse(data)` gives, lines and columns included (tested). Nil when `data` is not made
    /// as the layout says, a part does not parse, or the shape is not this simple one: the caller parses
    /// `data` whole, which also finds the error where the reader will.
    /// `uses[i]`, when given, is how many feeds of the pass carry item `i` (see `XMLItemTrees.parsed`); without it
    /// items are kept for the table's life.
    static func parse(_ data: Data, layout: FeedLayout, trees: XMLItemTrees, uses: [Int]? = nil) -> XMLElementNode? {
        data.withUnsafeBytes { raw -> XMLElementNode? in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let pieces = Pieces(bytes, layout) else { return nil }
            let headAndTail = Data(bytes[0..<layout.headBytes]) + Data(bytes[pieces.tailStart...])
            guard case .success(let skeleton)? = parse(headAndTail, push: true) else { return nil }
            let context = stringFromUTF8(UnsafeBufferPointer(rebasing: bytes[0..<layout.contextBytes]))
            let tail = stringFromUTF8(UnsafeBufferPointer(rebasing: bytes[pieces.tailStart...]))
            var items: [XMLElementNode] = []
            items.reserveCapacity(layout.items.count)
            var line = 1 + newlines(UnsafeBufferPointer(rebasing: bytes[0..<layout.headBytes]))
            let uses = uses.flatMap { $0.count == layout.items.count ? $0 : nil }
            let scope = XMLItemTrees.Key.scope(context: context, tail: tail)
            for (i, item) in layout.items.enumerated() {
                let key = XMLItemTrees.Key(context: context, tail: tail, item: item, scope: scope)
                guard let parsed = trees.parsed(key, uses: uses?[i] ?? .max, make: {
                    parseItem(context: context, item: item, tail: tail, depth: pieces.depth,
                              section: layout.sections.count == layout.items.count ? layout.sections[i] : nil)
                }) else { return nil }
                items.append(parsed.element.shiftingLines(by: line - parsed.firstLine))
                line += parsed.newlines
            }
            return splice(items, into: skeleton, depth: pieces.depth, layout: layout, tailText: pieces.tailText)
        }
    }

    /// The item parsed alone between `context` and `tail`: the one element inside the innermost open element.
    /// Its CDATA sections are checked here and libxml2 parses the rest (`CDATASections`), unless it has none or
    /// they are not that simple.
    /// `section`: a String one of the item's sections may hold (`FeedLayout.sections`).
    static func parseItem(context: String, item: String, tail: String, depth: Int, section: String? = nil) -> XMLItemTrees.Parsed? {
        let sections = CDATASections(item, known: section)
        let wrapper = Array(context.utf8) + (sections?.placeholder ?? Array(item.utf8)) + Array(tail.utf8)
        let parsed = wrapper.withUnsafeBufferPointer { parse($0, push: true, cdata: sections) }
        guard case .success(let root)? = parsed else { return nil }
        var parent = root
        for _ in 1..<depth {
            guard let last = parent.children.last else { return nil }
            parent = last
        }
        guard parent.children.count == 1 else { return nil }
        var element = parent.children[0]
        if element.name == "item", element.namespace == nil { element.itemKey = RSSRules.ItemChecks.contentKey(element) }
        return XMLItemTrees.Parsed(element: element, firstLine: 1 + newlines(context), newlines: newlines(item))
    }

    /// `skeleton` with `items` appended to its innermost open element, whose text gains the whitespace around them.
    static func splice(_ items: [XMLElementNode], into node: XMLElementNode, depth: Int, layout: FeedLayout, tailText: String) -> XMLElementNode? {
        var node = node
        if depth > 1 {
            guard let last = node.children.last, let inner = splice(items, into: last, depth: depth - 1, layout: layout, tailText: tailText) else { return nil }
            node.children[node.children.count - 1] = inner
            return node
        }
        // The parent's text is its direct text nodes in order: the head's, the items' surrounding whitespace, the tail's.
        guard node.text.utf8.count >= tailText.utf8.count, node.text.hasSuffix(tailText) else { return nil }
        var text = String(decoding: node.text.utf8.dropLast(tailText.utf8.count), as: UTF8.self)
        for item in layout.items { text += itemWhitespace(item) }
        text += tailText
        node.children += items
        node.text = text
        node.textDigest = TextCheckMemo.digest(text)
        return node
    }

    /// The whitespace before an item's first `<` and after its last `>` (checked to be whitespace by `Pieces`).
    static func itemWhitespace(_ item: String) -> String {
        let u = item.utf8
        let lead = u.prefix { $0 != UInt8(ascii: "<") }
        let trail = u.reversed().prefix { $0 != UInt8(ascii: ">") }
        return String(decoding: lead, as: UTF8.self) + String(decoding: trail.reversed(), as: UTF8.self)
    }

    /// Line feeds in `bytes`, found by `memchr` (a byte loop over every item was a visible share).
    static func newlines(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard var p = bytes.baseAddress else { return 0 }
        let end = p + bytes.count
        var n = 0
        while p < end, let hit = memchr(p, 10, end - p) {
            n += 1
            p = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) + 1
        }
        return n
    }

    static func newlines(_ s: String) -> Int {
        s.utf8.withContiguousStorageIfAvailable { newlines($0) } ?? s.utf8.lazy.filter { $0 == 10 }.count
    }

    /// Where the parts of a feed are, once `data` is checked to be exactly the head, the items and a tail of
    /// closing tags, with every item on lines of its own (so its columns are the same in every parse).
    struct Pieces {
        var tailStart: Int
        /// How many elements the tail closes: the items' parent is that deep (the root is 1).
        var depth: Int
        /// The tail's whitespace before its first closing tag: the last text of the items' parent.
        var tailText: String

        init?(_ bytes: UnsafeBufferPointer<UInt8>, _ layout: FeedLayout) {
            let lf = UInt8(ascii: "\n")
            guard layout.contextBytes > 0, layout.contextBytes <= layout.headBytes, layout.headBytes <= bytes.count,
                  bytes[layout.contextBytes - 1] == lf, bytes[layout.headBytes - 1] == lf else { return nil }
            var at = layout.headBytes
            for item in layout.items {
                let same = item.utf8.withContiguousStorageIfAvailable { u -> Bool in
                    guard at + u.count <= bytes.count, Self.isItem(u) else { return false }
                    return u.count == 0 || memcmp(u.baseAddress!, bytes.baseAddress! + at, u.count) == 0
                }
                guard same == true else { return nil }
                at += item.utf8.count
            }
            tailStart = at
            guard let (depth, text) = Self.closingTags(UnsafeBufferPointer(rebasing: bytes[at...])) else { return nil }
            self.depth = depth
            tailText = text
        }

        static func isSpace(_ c: UInt8) -> Bool { c == 32 || c == 9 || c == 10 }

        /// Whitespace, `<`, …, `>`, whitespace ending in a line feed; no carriage return (XML turns CR LF into LF
        /// in text, so the whitespace would not be the text).
        static func isItem(_ u: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let first = u.firstIndex(where: { !isSpace($0) }), u[first] == UInt8(ascii: "<"),
                  let last = u.lastIndex(where: { !isSpace($0) }), u[last] == UInt8(ascii: ">"), u.last == 10 else { return false }
            return u[..<first].allSatisfy(isSpace) && u[(last + 1)...].allSatisfy(isSpace)
        }

        /// The number of `</name>` tags in `tail` and its whitespace before the first, when it holds only those
        /// and whitespace; nil otherwise.
        static func closingTags(_ tail: UnsafeBufferPointer<UInt8>) -> (Int, String)? {
            var i = 0, depth = 0, text: String?
            while i < tail.count {
                if isSpace(tail[i]) { i += 1; continue }
                guard tail[i] == UInt8(ascii: "<"), i + 1 < tail.count, tail[i + 1] == UInt8(ascii: "/") else { return nil }
                if text == nil { text = String(decoding: UnsafeBufferPointer(rebasing: tail[..<i]), as: UTF8.self) }
                guard let close = tail[i...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
                // A name, no markup inside: `</a><b>` is two tags, not one.
                guard !tail[(i + 2)..<close].contains(UInt8(ascii: "<")) else { return nil }
                depth += 1
                i = close + 1
            }
            guard depth > 0, let text else { return nil }
            return (depth, text)
        }
    }
}

extension XMLElementNode {
    /// The same element with every line number moved by `delta` (an item parsed alone, placed in a feed).
    /// The subtree is moved in place, each node's children array copied once (a node copied out and assigned back
    /// per child was a visible share of splicing, measured); the item key survives, as lines move together.
    func shiftingLines(by delta: Int) -> XMLElementNode {
        guard delta != 0 else { return self }
        var e = self
        e.shiftLines(by: delta)
        e.itemKey = itemKey
        return e
    }

    private mutating func shiftLines(by delta: Int) {
        line += delta
        for i in children.indices { children[i].shiftLines(by: delta) }
    }
}
