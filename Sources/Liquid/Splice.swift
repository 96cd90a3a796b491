import Foundation

/// Rendered text that may leave holes where a big variable (a layout's `content`) was printed whole: the text
/// around the holes and what fills them, so a page wrapped in layouts is copied once, into its file, instead
/// of once per layout and again into the file (a third of the page renders' instructions went to those copies).
public indirect enum LiquidContent: Sendable {
    case text(String)
    /// `text` with `filler` at each of `holes` (UTF-8 offsets into `text`, ascending).
    case spliced(String, holes: [Int], filler: LiquidContent, fillerBytes: Int)

    /// Its length in UTF-8 bytes, filled.
    public var utf8Count: Int {
        switch self {
        case .text(let s): return s.utf8.count
        case .spliced(let s, let holes, _, let fillerBytes): return s.utf8.count + holes.count * fillerBytes
        }
    }

    /// The whole text, holes filled.
    public var string: String {
        if case .text(let s) = self { return s }
        var out = ""
        out.reserveCapacity(utf8Count)
        append(to: &out)
        return out
    }

    func append(to out: inout String) {
        switch self {
        case .text(let s): out += s
        case .spliced(var s, let holes, let filler, _):
            s.makeContiguousUTF8()
            var start = s.utf8.startIndex
            for h in holes {
                let end = s.utf8.index(s.utf8.startIndex, offsetBy: h)
                out += s[start..<end]
                filler.append(to: &out)
                start = end
            }
            out += s[start...]
        }
    }

    /// The filled text's bytes, copied once into a buffer the `Data` owns.
    public var data: Data {
        let count = utf8Count
        guard count > 0 else { return Data() }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
        let written = write(into: buffer, at: 0)
        precondition(written == count)
        return Data(bytesNoCopy: buffer.baseAddress!, count: count, deallocator: .custom { p, _ in p.deallocate() })
    }

    /// Writes the filled bytes at `offset`; returns the offset after them.
    private func write(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
        func copy(_ s: String, _ range: Range<Int>, at offset: Int) -> Int {
            var s = s
            s.makeContiguousUTF8()
            return s.utf8.withContiguousStorageIfAvailable { b in
                let part = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(b)[range])
                UnsafeMutableRawBufferPointer(rebasing: buffer[offset..<(offset + part.count)]).copyMemory(from: part)
                return offset + part.count
            }!
        }
        switch self {
        case .text(let s): return copy(s, 0..<s.utf8.count, at: offset)
        case .spliced(let s, let holes, let filler, _):
            var at = offset, start = 0
            for h in holes {
                at = copy(s, start..<h, at: at)
                at = filler.write(into: buffer, at: at)
                start = h
            }
            return copy(s, start..<s.utf8.count, at: at)
        }
    }
}

/// What a render prints in place of `{{ name }}`: `content`, left as a hole in the output when printed whole at
/// the top level, and read as its text (made once, when first read) by everything else.
struct Splice {
    let name: String
    let content: LiquidContent
    let bytes: Int
    var value: Value?

    init(name: String, content: LiquidContent) {
        self.name = name
        self.content = content
        bytes = content.utf8Count
        if case .text(let s) = content { value = .string(s) }
    }
}
