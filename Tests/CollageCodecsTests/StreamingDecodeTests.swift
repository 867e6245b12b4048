import CollageCodecs
import CollageCore
import CollageImaging
import CollageTestSupport
import Foundation
import Testing

/// A file open for reading, closed when the value goes: what a decoder streams from.
final class OpenFile: Sendable {
    let descriptor: Int32

    init(_ path: String) throws {
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CocoaError(.fileReadNoSuchFile) }
    }

    deinit { close(descriptor) }
}

/// Every JPEG fixture, good and bad: the streaming decoder must agree with the one over bytes.
let jpegFixtures: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: Fixtures.directory)) ?? [])
    .filter { name in
        (try? Fixtures.bytes(name)).map { ImageFormat(signature: $0.prefix(8)) == .jpeg } ?? false
    }
    .sorted()

/// A JPEG read whole instead of streamed from its file.
struct ReadWhole: Error {}

/// A decode's outcome from a file and from memory agree: the same header and pixels, or the same
/// reason.
func expectSameOutcome(_ name: String, fromFile: Result<(ImageHeader, RGBImage?), any Error>,
                       inMemory: Result<(ImageHeader, RGBImage?), any Error>) {
    switch (fromFile, inMemory) {
    case (.success(let a), .success(let b)):
        #expect(a.0 == b.0)
        #expect(a.1 == b.1)
    case (.failure(let a), .failure(let b)):
        #expect(a as? DecodeError == b as? DecodeError)
    case (let a, let b):
        Issue.record("\(name): from the file \(a), from memory \(b)")
    }
}

/// Opens `file` as the pipeline opens a JPEG (its signature read): streamed, never read whole.
func streaming(_ file: OpenFile, limits: DecodeLimits) throws -> OpenedImage {
    try OpenedImage(signature: [0xFF, 0xD8, 0xFF, 0xE0], file: file.descriptor, keepingOpen: file, limits: limits) { throw ReadWhole() }
}

@Suite("JPEG streamed from its file, not copied into memory")
struct StreamingDecodeTests {
    /// Decodes the way the pipeline does: header first, then one decode at `size(header)`.
    func streamed(_ name: String, limits: DecodeLimits = DecodeLimits(), size: (ImageHeader) -> PixelSize = { $0.displayedSize })
        throws -> (ImageHeader, RGBImage?) {
        let file = try OpenFile(Fixtures.path(name))
        let opened = try streaming(file, limits: limits)
        return (opened.header, try opened.decode(at: size(opened.header))?.image)
    }

    func inMemory(_ name: String, limits: DecodeLimits = DecodeLimits(), size: @escaping (ImageHeader) -> PixelSize = { $0.displayedSize })
        throws -> (ImageHeader, RGBImage?) {
        let result = try PhotoDecoder.decode(try Fixtures.bytes(name), limits: limits, plan: size)
        return (result.header, result.image)
    }

    @Test("Every JPEG fixture: the same header, pixels or reason as from memory", arguments: jpegFixtures)
    func agreesWithTheDecoderOverBytes(name: String) throws {
        let quarter = { (header: ImageHeader) in
            PixelSize(width: max(1, header.displayedSize.width / 4), height: max(1, header.displayedSize.height / 4))
        }
        for size in [{ (header: ImageHeader) in header.displayedSize }, quarter] {
            expectSameOutcome(name, fromFile: Result { try streamed(name, size: size) }, inMemory: Result { try inMemory(name, size: size) })
        }
    }

    @Test func everyJPEGFixtureIsCompared() {
        #expect(jpegFixtures.count >= 30)
        #expect(jpegFixtures.contains("truncated.jpg") && jpegFixtures.contains("cups-exif6.jpg"))
    }

    @Test func aTruncatedFileIsStillTruncated() throws {
        #expect(throws: DecodeError.truncated(format: .jpeg)) { try streamed("truncated.jpg") }
    }

    @Test func bombsAreRefusedFromTheHeaderBeforeAnyPixelIsAllocated() throws {
        let file = try OpenFile(Fixtures.path("bomb.jpg"))
        #expect(throws: DecodeError.tooLarge(PixelSize(width: 60000, height: 60000), limit: DecodeLimits.defaultMaximumPixels)) {
            try streaming(file, limits: DecodeLimits())
        }
        #expect(throws: DecodeError.tooManyScans(limit: DecodeLimits.defaultMaximumScans)) { try streamed("many-scans.jpg") }
    }

    @Test func exifOrientationIsReadFromTheStream() throws {
        let (header, image) = try streamed("cups-exif6.jpg")
        #expect(header.orientation == .right)
        #expect(header.storedSize == PixelSize(width: 180, height: 240))
        #expect(image?.size == PixelSize(width: 240, height: 180))
    }

    @Test func anImageDecodesOnceThenAsksForTheFileAgain() throws {
        let file = try OpenFile(Fixtures.path("kite.jpg"))
        let opened = try streaming(file, limits: DecodeLimits())
        #expect(try opened.decode(at: PixelSize(width: 160, height: 100)) != nil)
        #expect(try opened.decode(at: PixelSize(width: 160, height: 100)) == nil)
    }

    @Test func aReadErrorIsUnreadableNotCorrupt() throws {
        // A directory opens for reading, but every read of it fails (EISDIR).
        let directory = try OpenFile(Fixtures.directory)
        #expect {
            try streaming(directory, limits: DecodeLimits())
        } throws: { error in
            guard case .unreadable(let reason) = error as? DecodeError else { return false }
            return reason.contains("directory")
        }
    }

    @Test func theDecoderKeepsItsFileOpenUntilItIsDone() throws {
        // The caller lets go of the file after opening: the decoder holds it until it decodes.
        var opened: OpenedImage?
        do {
            let file = try OpenFile(Fixtures.path("path.jpg"))
            opened = try streaming(file, limits: DecodeLimits())
        }
        let image = try #require(try opened?.decode(at: PixelSize(width: 320, height: 200)))
        #expect(image.image == (try inMemory("path.jpg").1))
    }
}

/// A JPEG's rows are averaged down as they are decoded (`JPEGCodec`): the pixels are those of
/// the whole DCT-scaled image resized, the old way, to the last byte (photos with no profile to
/// convert: a conversion follows the resize, which the whole image here would have before it).
@Suite("JPEG rows resampled as they stream from libjpeg")
struct JPEGRowStreamingTests {
    @Test("Streamed rows give the scaled image resized", arguments: ["autumn.jpg", "coldripple-cmyk.jpg", "bythewater.jpg"])
    func streamedRowsGiveTheScaledImageResized(name: String) throws {
        let bytes = try Fixtures.bytes(name)
        let header = try PhotoDecoder.header(of: bytes)
        let displayed = header.displayedSize
        let wanted = PixelSize(width: displayed.width * 3 / 10, height: displayed.height * 3 / 10)
        // At a DCT scale's exact size there is nothing to average: the rows are kept whole.
        let denominator = JPEGCodec.dctDenominator(for: header.storedSize, covering: header.orientation.swapsAxes ? wanted.transposed : wanted)
        let scaled = PixelSize(width: (displayed.width + denominator - 1) / denominator, height: (displayed.height + denominator - 1) / denominator)
        let whole = try PhotoDecoder.decode(bytes, at: scaled)
        #expect(whole.details.scale == denominator && whole.image.size == scaled)
        let streamed = try PhotoDecoder.decode(bytes, at: wanted)
        #expect(streamed.details.scale == denominator)
        #expect(streamed.image.pixels == whole.image.resized(to: wanted).pixels)
    }
}
