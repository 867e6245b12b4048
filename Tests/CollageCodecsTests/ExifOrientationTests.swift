import CollageCodecs
import CollageCore
import CollageImaging
import CollageTestSupport
import Testing

/// A TIFF header with one IFD entry: the orientation tag.
func exifPayload(orientation: Int, bigEndian: Bool) -> [UInt8] {
    func u16(_ v: Int) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)] }
    func u32(_ v: Int) -> [UInt8] { bigEndian ? u16(v >> 16) + u16(v & 0xFFFF) : u16(v & 0xFFFF) + u16(v >> 16) }
    let order: [UInt8] = bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
    return order + u16(42) + u32(8) + u16(2)
        + u16(0x010F) + u16(2) + u32(4) + [0x41, 0x42, 0x43, 0]  // Make, "ABC": skipped over
        + u16(0x0112) + u16(3) + u32(1) + u16(orientation) + [0, 0]
        + u32(0)
}

/// A JPEG with an APP1 Exif segment spliced in after the SOI marker.
func withExif(_ jpeg: [UInt8], _ tiff: [UInt8]) -> [UInt8] {
    let payload = Array("Exif".utf8) + [0, 0] + tiff
    let length = payload.count + 2
    return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + jpeg.dropFirst(2)
}

@Suite("EXIF orientation")
struct ExifOrientationTests {
    @Test(arguments: Orientation.allCases, [false, true])
    func parsesBothByteOrders(orientation: Orientation, bigEndian: Bool) {
        #expect(ExifOrientation.parse(exifPayload(orientation: orientation.rawValue, bigEndian: bigEndian)) == orientation)
    }

    @Test func everyPrefixOfAPayloadIsSafe() {
        let payload = exifPayload(orientation: 6, bigEndian: false)
        // The value is bytes 30–31 (header 8, count 2, one 12-byte entry, tag/type/count 8).
        for length in 0...payload.count {
            #expect(ExifOrientation.parse(payload.prefix(length)) == (length >= 32 ? .right : nil), "\(length) bytes")
        }
    }

    @Test func nonsenseIsNoOrientation() {
        #expect(ExifOrientation.parse([UInt8](repeating: 0xFF, count: 64)) == nil)
        #expect(ExifOrientation.parse(exifPayload(orientation: 9, bigEndian: true)) == nil)
        var farOffset = exifPayload(orientation: 6, bigEndian: false)
        farOffset[4] = 0xFF; farOffset[5] = 0xFF; farOffset[6] = 0xFF; farOffset[7] = 0x7F
        #expect(ExifOrientation.parse(farOffset) == nil)
    }

    /// The upright picture, stored turned the other way and tagged, decodes upright again.
    @Test(arguments: Orientation.allCases)
    func decodesUpright(orientation: Orientation) throws {
        let upright = TestImages.quadrants(64, 48)
        let inverse: Orientation = orientation == .right ? .left : orientation == .left ? .right : orientation
        let stored = upright.applying(inverse)
        let jpeg = withExif(try ImageEncoder.encode(stored, as: .jpeg, quality: 95), exifPayload(orientation: orientation.rawValue, bigEndian: orientation.rawValue % 2 == 0))
        let decoded = try PhotoDecoder.decode(jpeg) { $0.displayedSize }
        #expect(decoded.header.orientation == orientation)
        let image = try #require(decoded.image)
        #expect(image.size == upright.size)
        let c = TestImages.quadrantColors
        #expect(image[10, 10].distance(to: c.topLeft) <= 12)
        #expect(image[54, 10].distance(to: c.topRight) <= 12)
        #expect(image[10, 38].distance(to: c.bottomLeft) <= 12)
        #expect(image[54, 38].distance(to: c.bottomRight) <= 12)
    }
}

@Suite struct ExifDateTests {
    @Test func readsDateTimeOriginalFromTheExifSubIFD() throws {
        let header = try PhotoDecoder.header(of: try Fixtures.bytes("kite-dated.jpg"))
        #expect(header.taken == DateFields(year: 2026, month: 6, day: 13, hour: 15, minute: 42, second: 7))
        #expect(try PhotoDecoder.header(of: try Fixtures.bytes("kite.jpg")).taken == nil)
    }

    @Test func aCutOrBentPayloadReadsAsNoDate() throws {
        // Little-endian TIFF, IFD0 with one entry: the Exif pointer, aimed past the end.
        let tiff: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x69, 0x87, 4, 0, 1, 0, 0, 0, 0xFF, 0xFF, 0, 0, 0, 0, 0, 0]
        #expect(ExifDate.parse(tiff) == nil)
        #expect(ExifDate.parse([UInt8]()) == nil)
    }
}
