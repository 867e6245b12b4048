import CollageCodecs
import CollageImaging
import CollageTestSupport
import Testing

/// Every collage carries the mark; no photo does: what lets a run replace its own collage in a
/// folder it reads, and never a photo there.
@Suite("The collage mark")
struct CollageMarkTests {
    @Test("Both encoders write it before the image data", arguments: [ImageFormat.jpeg, .png])
    func collagesCarryIt(format: ImageFormat) throws {
        let bytes = try ImageEncoder.encode(TestImages.pattern(seed: 3, 64, 40), as: format, settings: EncodeSettings(dpi: 300))
        #expect(CollageMark.isPresent(in: Array(bytes.prefix(CollageMark.prefixLength))))
        #expect(try PhotoDecoder.decode(bytes) { $0.displayedSize }.image?.size == PixelSize(width: 64, height: 40))
    }

    @Test("Photos do not, whatever their metadata", arguments: [
        "autumn.jpg", "eveningglow-meta.jpg", "kite-palette.png", "bythewater-16bit.png", "cups-exif6.jpg", "truncated.jpg",
        "not-an-image.jpg", "empty.jpg",
    ])
    func photosDoNot(name: String) throws {
        #expect(!CollageMark.isPresent(in: Array(try Fixtures.bytes(name).prefix(CollageMark.prefixLength))))
    }
}
