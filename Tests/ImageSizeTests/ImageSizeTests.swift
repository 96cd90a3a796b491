import Foundation
import Testing
@testable import ImageSize

/// The fixtures are real images: Chromium's canvas encoders wrote the PNG, JPEG and WebP files (the
/// WebP chunks re-wrapped as simple VP8 and VP8L files, and VP8X without its colour profile), the GIF
/// was written byte by byte, and `rotated.jpg` is `canvas.jpg` with an EXIF orientation of 6 added.
/// Chromium decoded every one of them at the sizes expected here (`naturalWidth` × `naturalHeight`).
@Suite struct ImageSizeTests {
    static let fixtures = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!
    static func path(_ name: String) -> String { fixtures.appendingPathComponent(name).path }
    static func bytes(_ name: String) -> [UInt8] { Array(FileManager.default.contents(atPath: path(name))!) }

    @Test(arguments: [
        ("canvas.png", 7, 5, ImageFormat.png), ("canvas.jpg", 12, 8, .jpeg), ("rotated.jpg", 8, 12, .jpeg),
        ("screen.gif", 3, 2, .gif), ("vp8.webp", 10, 6, .webp), ("vp8l.webp", 9, 4, .webp), ("vp8x.webp", 11, 3, .webp),
    ])
    func sizeOfEachFormatAsChromiumShowsIt(name: String, width: Int, height: Int, format: ImageFormat) throws {
        let expected = ImageSize(width: width, height: height, format: format)
        #expect(try ImageSizeReader.size(ofFile: Self.path(name)) == expected)
        #expect(try ImageSizeReader.size(of: Self.bytes(name)) == expected)
    }

    /// Every prefix of every fixture either gives the full file's answer or a `corrupt` error, never a crash or a wrong size.
    @Test func truncatedFilesAreCorruptNotWrong() throws {
        for name in ["canvas.png", "canvas.jpg", "rotated.jpg", "screen.gif", "vp8.webp", "vp8l.webp", "vp8x.webp"] {
            let full = Self.bytes(name)
            let answer = try ImageSizeReader.size(of: full)
            for n in 3..<full.count {
                do {
                    let size = try ImageSizeReader.size(of: Array(full[..<n]))
                    #expect(size == answer, "\(name) cut at \(n)")
                } catch {
                    if error == .unknownFormat && n < 12 { continue }   // shorter than the format's signature
                    guard case .corrupt(let f, _) = error else { Issue.record("\(name) at \(n): \(error)"); continue }
                    #expect(f == answer.format)
                }
            }
        }
    }

    /// Progressive JPEGs (SOF2) and fill bytes before a marker; DHT (C4) is in the SOF range but is not a frame.
    @Test func jpegMarkersAndFill() throws {
        var jpeg = Self.bytes("canvas.jpg")
        let sof = try #require(frameMarkerOffset(jpeg))
        jpeg[sof + 1] = 0xC2
        jpeg.insert(contentsOf: [0xFF, 0xFF, 0xFF], at: sof)
        #expect(try ImageSizeReader.size(of: jpeg) == ImageSize(width: 12, height: 8, format: .jpeg))
        // A DHT segment just after SOI must be skipped, not read as a frame.
        let dht: [UInt8] = [0xFF, 0xC4, 0x00, 0x07, 0x00, 0x00, 0x00, 0x00, 0x00]
        #expect(try ImageSizeReader.size(of: Array(jpeg[..<2]) + dht + Array(jpeg[2...])) == ImageSize(width: 12, height: 8, format: .jpeg))
    }

    /// Little-endian EXIF (as most cameras write), orientations 1–8: 5–8 are quarter turns.
    @Test(arguments: 1...8)
    func exifOrientationLittleEndian(orientation: UInt8) throws {
        let jpeg = Self.bytes("canvas.jpg")
        let payload: [UInt8] = Array("Exif".utf8) + [0, 0] + [0x49, 0x49, 42, 0, 8, 0, 0, 0] + [2, 0]
            + [0x0F, 0x01, 2, 0, 4, 0, 0, 0, 0, 0, 0, 0]          // Make, a tag before it
            + [0x12, 0x01, 3, 0, 1, 0, 0, 0, orientation, 0, 0, 0] + [0, 0, 0, 0]
        let app1: [UInt8] = [0xFF, 0xE1, 0, UInt8(payload.count + 2)] + payload
        let size = try ImageSizeReader.size(of: Array(jpeg[..<2]) + app1 + Array(jpeg[2...]))
        #expect(orientation >= 5 ? (size.width, size.height) == (8, 12) : (size.width, size.height) == (12, 8))
    }

    /// A JPEG with 200 KB of metadata before its frame: only segment headers are read.
    @Test func jpegReadsOnlySegmentHeaders() throws {
        let jpeg = Self.bytes("canvas.jpg")
        var big: [UInt8] = []
        for _ in 0..<4 { big += [0xFF, 0xE2, 0xC3, 0x50] + [UInt8](repeating: 0x41, count: 0xC350 - 2) }   // 4 × 50 KB APP2
        let source = CountingSource(bytes: Array(jpeg[..<2]) + big + Array(jpeg[2...]))
        #expect(try ImageSizeReader.size(of: source) == ImageSize(width: 12, height: 8, format: .jpeg))
        #expect(source.requested < 1024, "read \(source.requested) bytes")
    }

    @Test(arguments: [
        (#"<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"></svg>"#, 120, 80),
        (#"<svg width='120px' height=" 80.4px " viewBox="0 0 12 8"/>"#, 120, 80),
        (#"<svg viewBox="0 0 300.5 150"><rect/></svg>"#, 301, 150),
        (#"<svg viewBox="-5,-5,40,20" width="100%"/>"#, 40, 20),
        (#"<svg width="200" viewBox="0 0 40 20"/>"#, 200, 100),
        (#"<svg height="50" viewBox="0 0 40 20"/>"#, 100, 50),
        ("\u{FEFF}<?xml version=\"1.0\"?>\n<!-- made by hand -->\n<!DOCTYPE svg [ <!ENTITY a \"<b>\"> ]>\n<svg:svg\n  width=\"64\"\n  height=\"32\">", 64, 32),
    ])
    func svgSizes(text: String, width: Int, height: Int) throws {
        #expect(try ImageSizeReader.size(of: Array(text.utf8)) == ImageSize(width: width, height: height, format: .svg))
    }

    /// The root element may come after a comment longer than the first block read.
    @Test func svgAfterALongComment() throws {
        let text = "<!--" + String(repeating: "x", count: 9000) + "-->\n<svg width=\"5\" height=\"6\">"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("imagesize-\(UUID()).svg")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try ImageSizeReader.size(ofFile: file.path) == ImageSize(width: 5, height: 6, format: .svg))
    }

    @Test func failures() throws {
        #expect(throws: ImageSizeError.corrupt(.svg, "no width and height in px and no viewBox on its <svg> element")) {
            try ImageSizeReader.size(of: Array(#"<svg width="10em" height="2em"></svg>"#.utf8))
        }
        #expect(throws: ImageSizeError.unknownFormat) { try ImageSizeReader.size(of: Array("<!doctype html><html>".utf8)) }
        #expect(throws: ImageSizeError.unknownFormat) { try ImageSizeReader.size(of: Array("just text".utf8)) }
        #expect(throws: ImageSizeError.unknownFormat) { try ImageSizeReader.size(of: []) }
        var png = Self.bytes("canvas.png")
        png[16...23] = [0, 0, 0, 0, 0, 0, 0, 5]
        #expect(throws: ImageSizeError.corrupt(.png, "its size is 0×5")) { try ImageSizeReader.size(of: png) }
        #expect(throws: ImageSizeError.unreadable("No such file or directory")) {
            try ImageSizeReader.size(ofFile: "/nonexistent/\(UUID()).png")
        }
        #expect(ImageSizeError.unknownFormat.description == "not a PNG, JPEG, GIF, WebP or SVG file")
    }

    /// Offset of the first SOF0 marker (FF C0) after the start.
    private func frameMarkerOffset(_ b: [UInt8]) -> Int? {
        (2..<(b.count - 1)).first { b[$0] == 0xFF && b[$0 + 1] == 0xC0 }
    }
}

/// Counts the bytes a reader asks for.
final class CountingSource: ByteSource {
    let inner: MemorySource
    var requested = 0
    init(bytes: [UInt8]) { inner = MemorySource(bytes: bytes) }
    func read(_ offset: Int, _ count: Int) -> [UInt8] {
        let r = inner.read(offset, count)
        requested += r.count
        return r
    }
}
