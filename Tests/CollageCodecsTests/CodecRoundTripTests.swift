import CollageCodecs
import CollageCore
import CollageImaging
import CollageTestSupport
import Testing

@Suite("Encoding and decoding")
struct CodecRoundTripTests {
    @Test func pngIsLossless() throws {
        let image = TestImages.pattern(seed: 5, 64, 48)
        let bytes = try ImageEncoder.encode(image, as: .png)
        #expect(ImageFormat(signature: bytes) == .png)
        let decoded = try PhotoDecoder.decode(bytes) { $0.displayedSize }.image
        #expect(decoded == image)
    }

    @Test(arguments: [50, 90, 100])
    func jpegIsClose(quality: Int) throws {
        let image = TestImages.quadrants(64, 48)
        let bytes = try ImageEncoder.encode(image, as: .jpeg, quality: quality)
        #expect(ImageFormat(signature: bytes) == .jpeg)
        let decoded = try #require(try PhotoDecoder.decode(bytes) { $0.displayedSize }.image)
        #expect(decoded.size == image.size)
        let c = TestImages.quadrantColors
        #expect(decoded.meanColor(in: PixelRect(x: 8, y: 8, width: 16, height: 8)).distance(to: c.topLeft) <= 12)
        #expect(decoded.meanColor(in: PixelRect(x: 40, y: 32, width: 16, height: 8)).distance(to: c.bottomRight) <= 12)
    }

    @Test func aPlanWithoutASizeStopsAfterTheHeader() throws {
        let bytes = try ImageEncoder.encode(TestImages.quadrants(64, 48), as: .jpeg)
        let stopped = try PhotoDecoder.decode(bytes) { _ in nil }
        #expect(stopped.header.storedSize == PixelSize(width: 64, height: 48))
        #expect(stopped.decoded == nil)
        #expect(stopped.image == nil)
        let decoded = try #require(try PhotoDecoder.decode(bytes) { _ in PixelSize(width: 16, height: 12) }.decoded)
        #expect(decoded.image.size == PixelSize(width: 16, height: 12))
        #expect(decoded.details.scale == 4)
    }

    @Test func higherQualityMeansMoreBytes() throws {
        let image = TestImages.pattern(seed: 9, 128, 96)
        #expect(try ImageEncoder.encode(image, as: .jpeg, quality: 40).count < ImageEncoder.encode(image, as: .jpeg, quality: 95).count)
    }

    @Test func decodesToTheSizeAskedFor() throws {
        let bytes = try ImageEncoder.encode(TestImages.quadrants(400, 300), as: .jpeg)
        let small = try #require(try PhotoDecoder.decode(bytes) { _ in PixelSize(width: 45, height: 33) }.image)
        #expect(small.size == PixelSize(width: 45, height: 33))
        #expect(small[5, 5].distance(to: TestImages.quadrantColors.topLeft) <= 12)
        #expect(small[40, 28].distance(to: TestImages.quadrantColors.bottomRight) <= 12)
    }

    @Test("DCT scaling picks the smallest 1/n that still covers the size", arguments: [
        (PixelSize(width: 4032, height: 3024), PixelSize(width: 600, height: 450), 4),
        (PixelSize(width: 4032, height: 3024), PixelSize(width: 504, height: 378), 8),
        (PixelSize(width: 4032, height: 3024), PixelSize(width: 505, height: 378), 4),
        (PixelSize(width: 4032, height: 3024), PixelSize(width: 1800, height: 1350), 2),
        (PixelSize(width: 4032, height: 3024), PixelSize(width: 2100, height: 1575), 1),
        (PixelSize(width: 101, height: 99), PixelSize(width: 13, height: 13), 8),
    ])
    func dctScale(stored: PixelSize, wanted: PixelSize, denominator: Int) {
        #expect(JPEGCodec.dctDenominator(for: stored, covering: wanted) == denominator)
    }
}
