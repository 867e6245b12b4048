import CollageCodecs
import CollageCore
import CollageImaging
import CollageTestSupport
import Testing

/// AVIF files nobody here wrote: the public conformance files (AOMediaCodec/av1-avif,
/// `testFiles/`), against libavif's decode (Pillow's libavif 1.4; references made as
/// Fixtures/README.md says). Each names a way our own encoders' files never fail: no `colr` box at all, a track of
/// alpha beside the colour.
@Suite("AVIF conformance files")
struct ConformanceAVIFTests {
    @Test("Pixels are libavif's within 2.5 levels: mean difference and bias", arguments: ["Monochrome.avif", "alpha_video.avif"])
    func matchesLibavif(name: String) throws {
        let (_, image) = try decodeFixture(name)
        let (_, reference) = try decodeFixture("references/\(name).png")
        try #require(image.size == reference.size)
        let (mean, bias) = Self.difference(image.pixels, reference.pixels)
        #expect(mean <= 2.5, "\(name): mean difference \(mean) levels from libavif")
        #expect(abs(bias) <= 2.5, "\(name): biased by \(bias) levels against libavif")
    }

    /// libavif's residue here is its own: its libyuv path caps BT.709's Cb-to-blue factor at 2.0
    /// (libyuv keeps it in 1/64 steps in a signed byte; BT.709 says 2.112), so its strong blues
    /// are darker by up to 7 levels. Ours is BT.709 from the stored samples: the blue band's
    /// luma 130, Cb 183, Cr 62 (avifdec's y4m output of the file), limited range.
    @Test("alpha_video.avif's blue is BT.709 computed from its stored samples")
    func alphaVideoIsBT709() throws {
        let (_, image) = try decodeFixture("alpha_video.avif")
        let (kr, kb) = (0.2126, 0.0722)
        let (y, cb, cr) = ((130.0 - 16) / 219, (183.0 - 128) / 224, (62.0 - 128) / 224)
        let (r, b) = (y + 2 * (1 - kr) * cr, y + 2 * (1 - kb) * cb)
        let g = (y - kr * r - kb * b) / (1 - kr - kb)
        let expected = [r, g, b].map { Int((min(1, max(0, $0)) * 255).rounded()) }
        let at = (180 * image.width + 100) * 3
        let pixel = image.pixels[at..<at + 3].map(Int.init)
        #expect(zip(pixel, expected).allSatisfy { abs($0 - $1) <= 1 }, "\(pixel) where BT.709 gives \(expected)")
    }

    /// Mean absolute difference and mean signed difference (ours minus the reference), per sample.
    static func difference(_ ours: [UInt8], _ reference: [UInt8]) -> (mean: Double, bias: Double) {
        var absolute = 0, signed = 0
        for (a, b) in zip(ours, reference) {
            let d = Int(a) - Int(b)
            absolute += abs(d)
            signed += d
        }
        let count = Double(max(1, ours.count))
        return (Double(absolute) / count, Double(signed) / count)
    }
}
