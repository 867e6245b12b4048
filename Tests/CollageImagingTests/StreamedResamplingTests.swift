import CollageImaging
import CollageTestSupport
import Testing

/// `RGBImage(resampling:to:rows:)`, what a decoder's rows stream through: the same pixels as
/// resizing the whole image, each row asked for once, top down.
@Suite("Resampling rows as they stream in")
struct StreamedResamplingTests {
    static let sizes = [(PixelSize(width: 1008, height: 756), PixelSize(width: 800, height: 600)),
                        (PixelSize(width: 504, height: 378), PixelSize(width: 64, height: 48)),
                        (PixelSize(width: 97, height: 61), PixelSize(width: 9, height: 9)),
                        (PixelSize(width: 40, height: 30), PixelSize(width: 40, height: 31)),
                        (PixelSize(width: 10, height: 7), PixelSize(width: 33, height: 20))]

    @Test("The same pixels as resizing the whole image", arguments: sizes)
    func samePixelsAsResizingTheWhole(source: PixelSize, target: PixelSize) {
        // Noise that differs from pixel to pixel and row to row (a multiplicative hash).
        let image = RGBImage(size: source, pixels: (0..<source.area * 3).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) })
        var asked: [Int] = []
        let streamed = image.pixels.withUnsafeBufferPointer { pixels in
            RGBImage(resampling: source, to: target) { y in
                asked.append(y)
                return pixels.baseAddress! + y * source.width * 3
            }
        }
        #expect(streamed.pixels == image.resized(to: target).pixels)
        #expect(asked == Array(asked.sorted()) && Set(asked).count == asked.count, "rows asked again or out of order: \(asked.prefix(20))")
        #expect(asked.allSatisfy { (0..<source.height).contains($0) })
    }

    @Test func nothingToAverageFromIsWhite() {
        let image = RGBImage(resampling: PixelSize(width: 0, height: 0), to: PixelSize(width: 2, height: 2)) { _ in
            Issue.record("a row was asked of an empty source")
            return UnsafePointer(bitPattern: 1)!
        }
        #expect(image.pixels == [UInt8](repeating: 255, count: 12))
    }
}
