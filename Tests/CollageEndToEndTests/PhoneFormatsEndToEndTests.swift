import CollageTestSupport
import Foundation
import Testing

/// Photos as phones and the web deliver them, through the real executable: HEIC, AVIF, WebP and
/// a PNG with eXIf, next to the JPEGs they were made from.
@Suite("HEIC, AVIF and WebP in build and inspect", .timeLimit(.minutes(2)))
struct PhoneFormatsEndToEndTests {
    static let repository = URL(fileURLWithPath: Fixtures.directory).deletingLastPathComponent().path

    @Test func copiesInOtherFormatsAreDuplicatesAndTurnedPhotosAreLandscape() async throws {
        let result = try await Shell.run(
            "collage build kite.jpg kite.heic kite.webp eveningglow.avif cups-exif6.heic cups-exif6.jpg cups-exif6.webp cups-exif6.png --json --dry-run",
            in: Fixtures.directory)
        #expect(try await Shell.jq(#".inputs[] | "\(.path) \(.status) \(.duplicateOf)""#, result.stdout) == [
            "kite.jpg used null", "kite.heic skipped kite.jpg", "kite.webp skipped kite.jpg", "eveningglow.avif used null",
            "cups-exif6.heic used null", "cups-exif6.jpg skipped cups-exif6.heic", "cups-exif6.webp skipped cups-exif6.heic",
            "cups-exif6.png skipped cups-exif6.heic",
        ])
    }

    @Test func inspectTellsFormatSizesAndTransform() async throws {
        let result = try await Shell.run(
            "collage inspect --json cups-exif6.heic cups-irot-imir.heic eveningglow.avif cups-exif6.webp cups-exif6.png truncated.heic corrupt.webp",
            in: Fixtures.directory)
        let rows = try await Shell.jq(
            #""\(.path) \(.format) \(.width)x\(.height) \(.storedWidth)x\(.storedHeight) \(.orientation) \(.status) \(.reason)""#,
            result.stdout)
        #expect(rows == [
            "cups-exif6.heic heic 240x180 180x240 6 used null",
            "cups-irot-imir.heic heic 240x180 180x240 5 skipped duplicate",
            "eveningglow.avif avif 320x200 320x200 1 used null",
            "cups-exif6.webp webp 240x180 180x240 6 skipped duplicate",
            "cups-exif6.png png 240x180 180x240 6 skipped duplicate",
            "truncated.heic null nullxnull nullxnull null skipped truncated",
            "corrupt.webp webp 320x200 320x200 1 skipped corrupt",
        ])
        let schema = try await Shell.run(
            "collage inspect --json cups-exif6.heic eveningglow.avif kite.webp | python3 \(Self.repository)/Tests/EndToEnd/validate-json.py \(Self.repository)/docs/inspect.schema.json --lines",
            in: Fixtures.directory)
        #expect(schema.status == 0, "\(schema.stderr)")
    }

    /// libde265 leaves what a cut slice does not reach unwritten; the tool zeroes fresh memory
    /// from the first HEIF on, so two runs whose heaps start out different (glibc fills fresh
    /// allocations with MALLOC_PERTURB_'s byte) still write the same collage.
    @Test func aDamagedHEVCFrameNeverShowsTheHeapsLeftovers() async throws {
        let folder = try TemporaryDirectory()
        for fill in [17, 99] {
            let result = try await Shell.run(
                "MALLOC_PERTURB_=\(fill) collage build cut-slice.heic -o \(folder.path)/\(fill).png", in: Fixtures.directory)
            #expect(result.status == 0, "\(result.stderr)")
        }
        let first = try Data(contentsOf: URL(fileURLWithPath: "\(folder.path)/17.png"))
        let second = try Data(contentsOf: URL(fileURLWithPath: "\(folder.path)/99.png"))
        #expect(first == second)
    }

    @Test func aHugeHEICIsRefusedFromItsHeader() async throws {
        let result = try await Shell.run("collage build kite.heic bomb.heic --max-pixels 1000000 --json --dry-run", in: Fixtures.directory)
        #expect(try await Shell.jq(#".inputs[] | "\(.path) \(.status) \(.reason)""#, result.stdout) == [
            "kite.heic used null", "bomb.heic skipped too-large",
        ])
    }

    @Test func buildDecodesEveryFormatIntoTheCollage() async throws {
        let folder = try TemporaryDirectory()
        let result = try await Shell.run(
            "collage build kite.heic eveningglow.avif summer-alpha.webp coldripple-animated.webp path-10bit.heic cups-exif6.png -v --json -o \(folder.path)/c.jpg",
            in: Fixtures.directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try await Shell.jq(#".inputs[] | "\(.decode.format) \(.status)""#, result.stdout) == [
            "HEIC used", "AVIF used", "WebP used", "WebP used", "HEIC used", "PNG used",
        ])
    }

    /// libheif (and the HEVC and AV1 codecs it brings) is loaded when the first HEIF is opened,
    /// not at start: a JPEG-only run never pays for it. glibc's loader says what it loads.
    @Test func libheifIsLoadedOnlyForAHEIF() async throws {
        func loadsLibheif(_ photo: String) async throws -> Bool {
            let result = try await CollageCommand.run(["inspect", Fixtures.path(photo)], environment: ["LD_DEBUG": "files"])
            #expect(result.status == 0, "\(result.stderrLines.filter { !$0.contains("file=") && !$0.contains("init") })")
            return result.stderrLines.contains { $0.contains("file=libheif.so.1") && $0.contains("dynamically loaded") }
        }
        #expect(try await loadsLibheif("kite.jpg") == false)
        #expect(try await loadsLibheif("kite.heic"))
    }
}
