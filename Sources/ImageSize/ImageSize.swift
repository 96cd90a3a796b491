#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Pixel sizes of image files read from their first bytes, so pages can reserve room for an image
/// before it loads. Knows nothing of sites or Markdown; reads headers, never whole files.

/// The formats a size can be read from.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case png, jpeg, gif, webp, svg
}

/// The size an image is displayed at by default, in CSS pixels (JPEG EXIF rotations already applied).
public struct ImageSize: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public var format: ImageFormat

    public init(width: Int, height: Int, format: ImageFormat) {
        self.width = width
        self.height = height
        self.format = format
    }

    public var description: String { "\(width)×\(height) \(format.rawValue)" }
}

/// Why a size could not be read. The description is a phrase that fits after "cannot read its size: ".
public enum ImageSizeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be opened or read (the system's reason).
    case unreadable(String)
    /// Not PNG, JPEG, GIF, WebP or SVG.
    case unknownFormat
    /// The format was recognised but its header is cut short or inconsistent.
    case corrupt(ImageFormat, String)

    public var description: String {
        switch self {
        case .unreadable(let why): "the file cannot be read (\(why))"
        case .unknownFormat: "not a PNG, JPEG, GIF, WebP or SVG file"
        case .corrupt(let format, let why): "a damaged \(format.rawValue.uppercased()) file (\(why))"
        }
    }
}

public enum ImageSizeReader {
    /// The size of the image file at `path`, reading a few hundred bytes for raster formats (JPEG:
    /// only its segment headers; SVG: up to its root element's start tag).
    public static func size(ofFile path: String) throws(ImageSizeError) -> ImageSize {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable(String(cString: strerror(errno))) }
        defer { close(fd) }
        let source = FileSource(fd: fd)
        if let problem = source.problem { throw .unreadable(problem) }
        return try size(of: source)
    }

    /// The size of an image held in memory (tests, or bytes already read for another reason).
    public static func size(of bytes: [UInt8]) throws(ImageSizeError) -> ImageSize {
        try size(of: MemorySource(bytes: bytes))
    }

    static func size(of source: some ByteSource) throws(ImageSizeError) -> ImageSize {
        let head = source.read(0, 32)
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return try pngSize(head) }
        if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) { return try gifSize(head) }
        if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) { return try webpSize(head) }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return try jpegSize(source) }
        if looksLikeMarkup(head) { return try svgSize(source) }
        throw .unknownFormat
    }

    /// Text that may begin an SVG file: optional BOM, blanks, then `<`.
    private static func looksLikeMarkup(_ head: [UInt8]) -> Bool {
        var i = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < head.count, head[i] == 0x20 || head[i] == 0x09 || head[i] == 0x0A || head[i] == 0x0D { i += 1 }
        return i < head.count && head[i] == 0x3C
    }
}

/// Random access to the first bytes of an image.
protocol ByteSource {
    /// Up to `count` bytes at `offset`; fewer at the end of the data.
    func read(_ offset: Int, _ count: Int) -> [UInt8]
}

struct MemorySource: ByteSource {
    let bytes: [UInt8]
    func read(_ offset: Int, _ count: Int) -> [UInt8] {
        guard offset >= 0, offset < bytes.count, count > 0 else { return [] }
        return Array(bytes[offset..<min(bytes.count, offset + count)])
    }
}

/// A file read with `pread`: the first 4 KB once (every header fits in it but a JPEG's), the rest on demand.
final class FileSource: ByteSource {
    let fd: Int32
    private(set) var first: [UInt8]
    private(set) var problem: String?
    static let block = 4096

    init(fd: Int32) {
        self.fd = fd
        first = [UInt8](repeating: 0, count: Self.block)
        let n = first.withUnsafeMutableBytes { pread(fd, $0.baseAddress, Self.block, 0) }
        if n < 0 { problem = String(cString: strerror(errno)); first = [] } else { first.removeSubrange(n...) }
    }

    func read(_ offset: Int, _ count: Int) -> [UInt8] {
        guard offset >= 0, count > 0 else { return [] }
        if offset + count <= first.count || first.count < Self.block {
            guard offset < first.count else { return [] }
            return Array(first[offset..<min(first.count, offset + count)])
        }
        var buffer = [UInt8](repeating: 0, count: count)
        let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
        return n > 0 ? Array(buffer[..<n]) : []
    }
}

/// Big- and little-endian integers from byte arrays (callers check lengths first).
extension Array where Element == UInt8 {
    func be16(_ i: Int) -> Int { Int(self[i]) << 8 | Int(self[i + 1]) }
    func be32(_ i: Int) -> Int { be16(i) << 16 | be16(i + 2) }
    func le16(_ i: Int) -> Int { Int(self[i]) | Int(self[i + 1]) << 8 }
    func le24(_ i: Int) -> Int { le16(i) | Int(self[i + 2]) << 16 }
    func le32(_ i: Int) -> Int { le16(i) | le16(i + 2) << 16 }
}
