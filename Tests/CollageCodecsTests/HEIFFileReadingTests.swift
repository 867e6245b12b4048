import CollageCodecs
import CollageCore
import CollageImaging
import CollageTestSupport
import Foundation
import Testing

/// Every HEIC, AVIF and HEIF fixture, good and bad: read from its file, it must agree with the
/// decoder over bytes.
let heifFixtures: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: Fixtures.directory)) ?? [])
    .filter { name in
        (try? Fixtures.bytes(name)).map { [.heic, .avif, .heif].contains(ImageFormat(signature: $0)) } ?? false
    }
    .sorted()

/// A HEIF read from its file as libheif asks for it (its boxes, then each tile's coded data):
/// the pipeline's path, which never holds the file whole.
@Suite("HEIF read from its file, not copied into memory")
struct HEIFFileReadingTests {
    /// Opens `name` as the pipeline does (its signature read first); reading it whole fails.
    func fromFile(_ name: String, limits: DecodeLimits = DecodeLimits()) throws -> OpenedImage {
        let file = try OpenFile(Fixtures.path(name))
        let signature = Array(try Fixtures.bytes(name).prefix(ImageCodecs.signatureLength))
        return try OpenedImage(signature: signature, file: file.descriptor, keepingOpen: file, limits: limits) { throw ReadWhole() }
    }

    @Test("Every HEIF fixture: the same header, pixels or reason as from memory", arguments: heifFixtures)
    func agreesWithTheDecoderOverBytes(name: String) throws {
        let sizes: [(ImageHeader) -> PixelSize] = [
            { $0.displayedSize },
            { PixelSize(width: max(1, $0.displayedSize.width / 4), height: max(1, $0.displayedSize.height / 4)) },
        ]
        for size in sizes {
            let file = Result { () throws -> (ImageHeader, RGBImage?) in
                let opened = try fromFile(name)
                return (opened.header, try opened.decode(at: size(opened.header))?.image)
            }
            let memory = Result { () throws -> (ImageHeader, RGBImage?) in
                let decoded = try PhotoDecoder.decode(try Fixtures.bytes(name), plan: size)
                return (decoded.header, decoded.image)
            }
            // The part of cut-slice.heic libde265 leaves unwritten is zeroed by glibc once libheif
            // is loaded, and by ASan's fill under `make sanitize`, but not by ThreadSanitizer's
            // allocator: there only the headers and outcomes can agree.
            if name == "cut-slice.heic" && Sanitizers.threadSanitizerIsRunning {
                expectSameOutcome(name, fromFile: file.map { ($0.0, nil) }, inMemory: memory.map { ($0.0, nil) })
            } else {
                expectSameOutcome(name, fromFile: file, inMemory: memory)
            }
        }
    }

    @Test func everyHEIFFixtureIsCompared() {
        #expect(heifFixtures.count >= 14)
        #expect(["truncated.heic", "corrupt.heic", "bomb.heic", "autumn-grid.heic", "eveningglow.avif"].allSatisfy(heifFixtures.contains))
    }

    @Test func theFormatAndTheTransformComeFromTheFilesBoxes() throws {
        #expect(try fromFile("eveningglow.avif").header.format == .avif)
        let header = try fromFile("cups-irot-imir.heic").header
        #expect(header.format == .heic)
        #expect(header.orientation == .leftMirrored)
        #expect(header.storedSize == PixelSize(width: 180, height: 240))
    }

    @Test func theDecoderKeepsItsFileOpenUntilItIsDone() throws {
        var opened: OpenedImage?
        do { opened = try fromFile("autumn-grid.heic") }
        let image = try #require(try opened?.decode(at: PixelSize(width: 320, height: 200)))
        #expect(image.image == (try PhotoDecoder.decode(try Fixtures.bytes("autumn-grid.heic"), at: PixelSize(width: 320, height: 200)).image))
    }
}
