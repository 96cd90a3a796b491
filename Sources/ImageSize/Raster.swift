/// Header readers for the raster formats. Each checks just enough structure to trust the numbers.
extension ImageSizeReader {
    /// PNG: the IHDR chunk must come first (PNG spec §5.6); width and height are big-endian at 16 and 20.
    static func pngSize(_ head: [UInt8]) throws(ImageSizeError) -> ImageSize {
        guard head.count >= 24 else { throw .corrupt(.png, "cut short before its IHDR chunk") }
        guard Array(head[12..<16]) == Array("IHDR".utf8) else { throw .corrupt(.png, "no IHDR chunk first") }
        return try checked(head.be32(16), head.be32(20), .png)
    }

    /// GIF: the logical screen's width and height, little-endian at 6 and 8.
    static func gifSize(_ head: [UInt8]) throws(ImageSizeError) -> ImageSize {
        guard head.count >= 10 else { throw .corrupt(.gif, "cut short before its logical screen size") }
        return try checked(head.le16(6), head.le16(8), .gif)
    }

    /// WebP: a RIFF file whose first chunk is VP8 (lossy), VP8L (lossless) or VP8X (extended, canvas size).
    static func webpSize(_ head: [UInt8]) throws(ImageSizeError) -> ImageSize {
        guard head.count >= 30 else { throw .corrupt(.webp, "cut short before its first chunk's header") }
        switch String(decoding: head[12..<16], as: UTF8.self) {
        case "VP8 ":
            // Frame tag (3 bytes), start code 9D 01 2A, then 14-bit width and height (top 2 bits: scaling).
            guard head[23] == 0x9D, head[24] == 0x01, head[25] == 0x2A else { throw .corrupt(.webp, "VP8 key frame start code missing") }
            return try checked(head.le16(26) & 0x3FFF, head.le16(28) & 0x3FFF, .webp)
        case "VP8L":
            guard head[20] == 0x2F else { throw .corrupt(.webp, "VP8L signature missing") }
            let bits = head.le32(21)
            return try checked((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1, .webp)
        case "VP8X":
            return try checked(head.le24(24) + 1, head.le24(27) + 1, .webp)
        default:
            throw .corrupt(.webp, "first chunk is not VP8, VP8L or VP8X")
        }
    }

    /// JPEG: walks the segments from the start to the first frame header (SOF0–SOF15 but DHT, JPG and
    /// DAC, which share the range), reading only each segment's 4-byte header; an EXIF orientation of
    /// 5–8 (rotated a quarter turn) swaps width and height, as browsers display it.
    static func jpegSize(_ source: some ByteSource) throws(ImageSizeError) -> ImageSize {
        var offset = 2
        var orientation = 1
        for _ in 0..<1000 {
            var header = source.read(offset, 4)
            // Any number of 0xFF fill bytes may precede a marker.
            while header.count >= 2, header[0] == 0xFF, header[1] == 0xFF {
                offset += 1
                header = source.read(offset, 4)
            }
            guard header.count >= 2 else { throw .corrupt(.jpeg, "ends before its frame header") }
            guard header[0] == 0xFF else { throw .corrupt(.jpeg, "no marker at byte \(offset)") }
            let marker = header[1]
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { offset += 2; continue }   // no length
            if marker == 0xD9 || marker == 0xDA { throw .corrupt(.jpeg, "image data before any frame header") }
            guard header.count == 4 else { throw .corrupt(.jpeg, "ends inside a segment header") }
            let length = header.be16(2)
            guard length >= 2 else { throw .corrupt(.jpeg, "segment length \(length) at byte \(offset)") }
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                let frame = source.read(offset + 4, 5)
                guard frame.count == 5 else { throw .corrupt(.jpeg, "frame header cut short") }
                let (height, width) = (frame.be16(1), frame.be16(3))
                return (5...8).contains(orientation) ? try checked(height, width, .jpeg) : try checked(width, height, .jpeg)
            }
            if marker == 0xE1, orientation == 1 {
                orientation = exifOrientation(source.read(offset + 4, min(length - 2, 4096))) ?? 1
            }
            offset += 2 + length
        }
        throw .corrupt(.jpeg, "too many segments before its frame header")
    }

    /// The orientation tag (0x0112) of IFD0 in an APP1 `Exif\0\0` payload, if it has one.
    static func exifOrientation(_ payload: [UInt8]) -> Int? {
        guard payload.count >= 14, payload.starts(with: Array("Exif".utf8) + [0, 0]) else { return nil }
        let tiff = Array(payload[6...])
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ i: Int) -> Int? { i >= 0 && i + 2 <= tiff.count ? (little ? tiff.le16(i) : tiff.be16(i)) : nil }
        func u32(_ i: Int) -> Int? { i >= 0 && i + 4 <= tiff.count ? (little ? tiff.le32(i) : tiff.be32(i)) : nil }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
        for e in 0..<count {
            let entry = ifd + 2 + 12 * e
            guard let tag = u16(entry) else { return nil }
            if tag == 0x0112 { return u16(entry + 8) }   // type SHORT, count 1: the value sits in the field
        }
        return nil
    }

    /// A size, or an error when a dimension is zero (no browser shows such a file).
    static func checked(_ width: Int, _ height: Int, _ format: ImageFormat) throws(ImageSizeError) -> ImageSize {
        guard width > 0, height > 0 else { throw .corrupt(format, "its size is \(width)×\(height)") }
        return ImageSize(width: width, height: height, format: format)
    }
}
