@testable import CollageCodecs
import CollageImaging
import CollageTestSupport
import Testing

/// The AV1 sequence header read from real encoders' streams: what a monochrome AVIF without
/// `colr` takes its range from. The operating points come before the colour config, each of
/// variable length, so an operating point counted one short (or one too many) reads the range
/// from the wrong bits: the layered streams list several, the others one (reduced still-picture
/// headers list it implicitly). Expected values are what each encoder was asked for, as an
/// independent reader of the spec reads them (Fixtures/README.md).
@Suite("The AV1 sequence header of real encoders' streams")
struct AV1SequenceHeaderTests {
    /// A file's sequence header: an OBU stream's first; an AVIF's primary item's, as the decoder
    /// reads it (from `av1C` when it carries one, else from the item's coded data).
    static func header(of name: String) throws -> AV1SequenceHeader? {
        let bytes = try Fixtures.bytes(name)
        if name.hasSuffix(".obu") { return AV1SequenceHeader(obus: bytes[...]) }
        let boxes = try #require(HEIFBoxes(bytes))
        return boxes.av1SequenceHeader(boxes.primary) { offset, length in Array(bytes[offset..<min(bytes.count, offset + length)]) }
    }

    @Test("Operating points, largest frame, monochrome and range as each encoder wrote them", arguments: [
        // libaom, two spatial layers, limited range.
        ("grey-layers.obu", AV1SequenceHeader(operatingPoints: 2, largestFrame: PixelSize(width: 96, height: 64), monochrome: true, fullRange: false)),
        // libaom, three layers with its decoder model: timing, buffer delays, display delays.
        ("grey-layers-model.obu", AV1SequenceHeader(operatingPoints: 3, largestFrame: PixelSize(width: 96, height: 64), monochrome: true, fullRange: true)),
        // avifenc (aom) sequence with alpha: its colour item's full header, BT.601 full range.
        ("cups-animated-alpha-nocolr.avif", AV1SequenceHeader(operatingPoints: 1, largestFrame: PixelSize(width: 320, height: 200), monochrome: false, fullRange: true)),
        // avifenc (aom) monochrome sequence, limited range, no `colr`: the full header decides the range.
        ("grey-mono-sequence-nocolr.avif", AV1SequenceHeader(operatingPoints: 1, largestFrame: PixelSize(width: 150, height: 100), monochrome: true, fullRange: false)),
        // avifenc with SVT-AV1: limited range, though its `colr` says full.
        ("cups-animated-svt.avif", AV1SequenceHeader(operatingPoints: 1, largestFrame: PixelSize(width: 320, height: 200), monochrome: false, fullRange: false)),
        // Netflix's conformance sequence: its colour item's full header, BT.709 limited range.
        ("alpha_video.avif", AV1SequenceHeader(operatingPoints: 1, largestFrame: PixelSize(width: 640, height: 480), monochrome: false, fullRange: false)),
        // Reduced still-picture headers: Microsoft's in `av1C`, libavif's and libheif's in the item.
        ("Monochrome.avif", AV1SequenceHeader(operatingPoints: 1, largestFrame: PixelSize(width: 1280, height: 720), monochrome: true, fullRange: false)),
        ("grey-mono-limited.avif", AV1SequenceHeader(operatingPoints: 1, largestFrame: PixelSize(width: 300, height: 200), monochrome: true, fullRange: false)),
        ("eveningglow.avif", AV1SequenceHeader(operatingPoints: 1, largestFrame: PixelSize(width: 320, height: 200), monochrome: false, fullRange: true)),
    ])
    func realHeaders(name: String, expected: AV1SequenceHeader) throws {
        #expect(try Self.header(of: name) == expected)
    }

    /// A monochrome AVIF without `colr` whose `av1C` carries no sequence header (avifenc's,
    /// libheif's and ffmpeg's never do): the range is the one at the start of the item's coded
    /// data, as libavif reads it, so the luma is expanded exactly as with the `colr` box.
    /// Before, such a file came out washed out (13-244 where libavif shows 0-255).
    @Test func aMonochromeAVIFWithoutColourBoxTakesTheRangeInItsItemsData() throws {
        let (_, withoutColr) = try decodeFixture("grey-mono-limited-nocolr.avif")
        let (_, withColr) = try decodeFixture("grey-mono-limited.avif")
        #expect(withoutColr.pixels.min() == 0 && withoutColr.pixels.max() == 255, "\(withoutColr.pixels.min() ?? 0)...\(withoutColr.pixels.max() ?? 0)")
        #expect(withoutColr == withColr)
        #expect(try Self.header(of: "grey-mono-limited-nocolr.avif")?.fullRange == false)
    }

    /// A header cut anywhere is not known, never half read.
    @Test("A layered header cut short is not known", arguments: ["grey-layers.obu", "grey-layers-model.obu"])
    func cutShort(name: String) throws {
        let bytes = try Fixtures.bytes(name)
        // The temporal delimiter (2 bytes), then the sequence header OBU: its header, size and payload.
        let payloadEnd = 2 + 2 + Int(bytes[3])
        for end in 2..<payloadEnd {
            #expect(AV1SequenceHeader(obus: bytes[..<end]) == nil, "\(name) cut at \(end)")
        }
    }
}
