/// SVG: the root element's `width` and `height` when they are in px or unitless; otherwise its
/// `viewBox` gives the size (and the missing side, from the other one's ratio). Only the bytes up to
/// the end of the `<svg …>` start tag are read (after any XML declaration, comments and doctype).
extension ImageSizeReader {
    /// How far to look for the root element before giving up (a long comment or doctype first).
    static let svgSearchLimit = 64 * 1024

    static func svgSize(_ source: some ByteSource) throws(ImageSizeError) -> ImageSize {
        var bytes = source.read(0, 4096)
        while true {
            switch svgRootAttributes(bytes) {
            case .found(let attributes): return try svgSize(attributes)
            case .notSVG: throw .unknownFormat
            case .needMore:
                let more = source.read(bytes.count, 4096)
                guard !more.isEmpty, bytes.count < svgSearchLimit else {
                    throw .corrupt(.svg, bytes.count >= svgSearchLimit ? "no <svg> start tag in its first 64 KB" : "ends inside its <svg> start tag")
                }
                bytes += more
            }
        }
    }

    static func svgSize(_ attributes: [String: String]) throws(ImageSizeError) -> ImageSize {
        var width = attributes["width"].flatMap(pixels)
        var height = attributes["height"].flatMap(pixels)
        if let box = attributes["viewBox"].flatMap(viewBox) {
            if width == nil && height == nil {
                (width, height) = (box.width, box.height)
            } else if let w = width, height == nil {
                height = w * box.height / box.width
            } else if let h = height, width == nil {
                width = h * box.width / box.height
            }
        }
        guard let width, let height else {
            throw .corrupt(.svg, "no width and height in px and no viewBox on its <svg> element")
        }
        return try checked(Int(width.rounded()), Int(height.rounded()), .svg)
    }

    /// `12`, `12.5`, `12px` → the number; other units (`%`, `em`, `cm`) depend on where the image is shown.
    static func pixels(_ text: String) -> Double? {
        var t = Substring(text).drop { $0 == " " || $0 == "\t" || $0 == "\n" }
        while let last = t.last, last == " " || last == "\t" || last == "\n" { t = t.dropLast() }
        if t.hasSuffix("px") { t = t.dropLast(2) }
        guard !t.isEmpty, t.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let v = Double(t), v > 0 else { return nil }
        return v
    }

    /// `min-x min-y width height`, separated by blanks and/or commas; width and height must be positive.
    static func viewBox(_ text: String) -> (width: Double, height: Double)? {
        let parts = text.split { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" }.compactMap { Double($0) }
        guard parts.count == 4, parts[2] > 0, parts[3] > 0, parts[2].isFinite, parts[3].isFinite else { return nil }
        return (parts[2], parts[3])
    }

    enum SVGRoot { case found([String: String]), notSVG, needMore }

    /// The attributes of the root element when it is `<svg>` (or a prefixed `<x:svg>`).
    static func svgRootAttributes(_ b: [UInt8]) -> SVGRoot {
        var i = b.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func isBlank(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
        func has(_ s: String, at k: Int) -> Bool { b.count >= k + s.utf8.count && b[k..<(k + s.utf8.count)].elementsEqual(s.utf8) }
        /// Index just past `end` from `k`, or nil when the bytes end first.
        func past(_ end: String, from k: Int) -> Int? {
            let e = Array(end.utf8)
            var j = k
            while j + e.count <= b.count {
                if b[j] == e[0], b[j..<(j + e.count)].elementsEqual(e) { return j + e.count }
                j += 1
            }
            return nil
        }
        while true {
            while i < b.count, isBlank(b[i]) { i += 1 }
            guard i < b.count else { return .needMore }
            guard b[i] == 0x3C else { return .notSVG }
            if has("<?", at: i) {
                guard let j = past("?>", from: i + 2) else { return .needMore }
                i = j
            } else if has("<!--", at: i) {
                guard let j = past("-->", from: i + 4) else { return .needMore }
                i = j
            } else if has("<!", at: i) {
                // A doctype, perhaps with an internal subset in brackets that holds `>`.
                var j = i + 2, depth = 0
                while j < b.count, !(b[j] == 0x3E && depth == 0) {
                    if b[j] == 0x5B { depth += 1 } else if b[j] == 0x5D { depth -= 1 }
                    j += 1
                }
                guard j < b.count else { return .needMore }
                i = j + 1
            } else {
                var j = i + 1
                while j < b.count, !isBlank(b[j]), b[j] != 0x3E, b[j] != 0x2F { j += 1 }
                guard j < b.count else { return .needMore }
                let name = String(decoding: b[(i + 1)..<j], as: UTF8.self)
                guard name == "svg" || name.hasSuffix(":svg") else { return .notSVG }
                return startTagAttributes(b, from: j)
            }
        }
    }

    /// `name="value"` pairs from `k` to the start tag's `>`.
    private static func startTagAttributes(_ b: [UInt8], from k: Int) -> SVGRoot {
        var attributes: [String: String] = [:]
        var j = k
        while j < b.count {
            let c = b[j]
            if c == 0x3E { return .found(attributes) }
            if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x2F { j += 1; continue }
            let nameStart = j
            while j < b.count, b[j] != 0x3D, b[j] != 0x3E, b[j] != 0x20, b[j] != 0x09, b[j] != 0x0A, b[j] != 0x0D { j += 1 }
            let name = String(decoding: b[nameStart..<j], as: UTF8.self)
            while j < b.count, b[j] == 0x20 || b[j] == 0x09 || b[j] == 0x0A || b[j] == 0x0D { j += 1 }
            guard j < b.count else { return .needMore }
            guard b[j] == 0x3D else { continue }   // an attribute without a value (not XML, but harmless)
            j += 1
            while j < b.count, b[j] == 0x20 || b[j] == 0x09 || b[j] == 0x0A || b[j] == 0x0D { j += 1 }
            guard j < b.count else { return .needMore }
            let quote = b[j]
            guard quote == 0x22 || quote == 0x27 else { return .notSVG }
            let valueStart = j + 1
            j = valueStart
            while j < b.count, b[j] != quote { j += 1 }
            guard j < b.count else { return .needMore }
            attributes[name] = String(decoding: b[valueStart..<j], as: UTF8.self)
            j += 1
        }
        return .needMore
    }
}
