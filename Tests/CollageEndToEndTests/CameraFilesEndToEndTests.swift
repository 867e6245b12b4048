import CollageTestSupport
import Foundation
import Testing

/// Files nobody here wrote, as cameras and other encoders make them, through the real executable
/// and read back by an independent reader (Pillow with ImageCms, Pillow's libavif, pillow-heif):
/// a HEIC whose thumbnail is not the size its header says, a gray PNG described by cHRM and
/// gAMA, monochrome AV1 in limited range, AVIF sequences with alpha whose item has no colour box.
@Suite("Camera and encoder files nobody here wrote", .timeLimit(.minutes(2)))
struct CameraFilesEndToEndTests {
    static let repository = URL(fileURLWithPath: Fixtures.directory).deletingLastPathComponent().path

    /// A file as Pillow shows it (`Tests/EndToEnd/pillow-srgb.py`): raw RGB; `lender` lends its
    /// ICC profile.
    func pillow(_ path: String, lender: String? = nil) async throws -> [UInt8] {
        let script = "\(Self.repository)/Tests/EndToEnd/pillow-srgb.py"
        let result = try await Shell.run("python3 \(Shell.quote(script)) \(Shell.quote(path))" + (lender.map { " " + Shell.quote($0) } ?? ""))
        #expect(result.status == 0, "\(result.stderr)")
        return [UInt8](result.stdout)
    }

    func meanDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
        guard a.count == b.count, !a.isEmpty else { return .infinity }
        return Double(zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(a.count)
    }

    /// A collage of the one photo at its own size (no resampling): the photo as the tool shows it,
    /// read back by Pillow, against the photo as Pillow (`lender`'s profile applied) shows it.
    func builtAlone(_ name: String, size: String, lender: String? = nil) async throws -> (json: Data, difference: Double) {
        let out = try TemporaryDirectory()
        let result = try await Shell.run("collage build \(name) --size \(size) --json -o \(out.file("c.png"))", in: Fixtures.directory)
        #expect(result.status == 0, "\(result.stderr)")
        let shown = try await pillow(out.file("c.png"))
        let reference = try await pillow(Fixtures.path(name), lender: lender.map(Fixtures.path))
        return (result.stdout, meanDifference(shown, reference))
    }

    /// Canon's .hif: the thumbnail decodes 1664x1088 where its header says 1616x1080. A thumbnail
    /// that disagrees with its header is passed over; the primary image is decoded instead.
    @Test func aHEICWhoseThumbnailIsNotTheSizeItsHeaderSaysIsUsed() async throws {
        let out = try TemporaryDirectory()
        let photos = ["autumn.jpg", "bythewater.jpg", "eveningglow.jpg", "path.jpg", "fallenleaf.jpg", "kite-thumb-wrong-size.heic"]
        // Six photos in 300x200: the last is kept at 154x96 (the duplicate check's floor), which
        // the thumbnail's header (168x104) covers; it decodes 176x110.
        let result = try await Shell.run("collage build \(photos.joined(separator: " ")) --size 300x200 --json -o \(out.file("c.jpg"))",
                                         in: Fixtures.directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try await Shell.jq(#".inputs[] | "\(.path) \(.status) \(.reason)""#, result.stdout) == photos.map { "\($0) used null" })
        #expect(try await Shell.jq(#".inputs[5].decode.scale"#, result.stdout) == ["1/2"], "decoded from the primary image, shrunk by blocks")
        try CollageChecks.expectTiles(of: out.file("c.jpg"), show: photos.map(Fixtures.path))
    }

    /// gAMA 62500 and cHRM on a gray PNG: stored 32 is shown as 53, as the colour PNG's chunks are
    /// applied; today's binary kept the stored values.
    @Test func aGrayPNGWithCHRMAndGAMAIsShownByThem() async throws {
        let (json, difference) = try await builtAlone("cups-gray-chrm.png", size: "320x200", lender: "cups-gray-icc.png")
        #expect(try await Shell.jq(#".inputs[0] | "\(.decode.profile) \(.decode.profileIgnored)""#, json) == ["cHRM and gAMA null"])
        #expect(difference <= 1, "mean |diff| \(difference) from Pillow + ImageCms")
    }

    /// avifenc --yuv 400 --range limited: the luma expanded from 16-235, as libavif does.
    @Test func monochromeAV1InLimitedRangeIsExpanded() async throws {
        let (_, difference) = try await builtAlone("grey-mono-limited.avif", size: "300x200")
        #expect(difference <= 2, "mean |diff| \(difference) from Pillow's libavif")
    }

    /// The same file without its `colr` box: the range is the AV1 sequence header's, at the start
    /// of the item's coded data, read from the file where `iloc` places it (libavif reads it
    /// there; the binary took full range: washed out, 13-244).
    @Test func monochromeAV1WithoutColourBoxTakesTheRangeInItsItemsData() async throws {
        let (_, difference) = try await builtAlone("grey-mono-limited-nocolr.avif", size: "300x200")
        #expect(difference <= 2, "mean |diff| \(difference) from Pillow's libavif")
    }

    /// A monochrome AVIF sequence in limited range with no `colr` at all: its range is in a full
    /// sequence header, after the operating points (one counted short read it from other bits).
    @Test func aMonochromeAV1SequenceWithoutColourBoxTakesTheRangeAfterItsOperatingPoints() async throws {
        let (_, difference) = try await builtAlone("grey-mono-sequence-nocolr.avif", size: "150x100")
        #expect(difference <= 2, "mean |diff| \(difference) from Pillow's libavif")
    }

    /// An SVT-AV1 sequence whose primary item has no `colr`: its sequence header says limited
    /// range, its track's `colr` full range. libavif and Chromium read the track; today's binary
    /// took the sequence header (blues over-saturated, a mean 7.9 levels off).
    @Test func anAVIFSequenceWhoseItemHasNoColourBoxTakesItsTracks() async throws {
        let (_, difference) = try await builtAlone("cups-animated-svt.avif", size: "320x200")
        #expect(difference <= 2, "mean |diff| \(difference) from Pillow's libavif")
    }

    /// With no `colr` box at all, libheif 1.15 and libavif both take the colour from the AV1
    /// sequence header; shown on white where transparent. (Today's binary already agreed: a guard.)
    @Test func anAVIFSequenceWithAlphaAndNoColourBoxIsShownAsLibavifShowsIt() async throws {
        let (_, difference) = try await builtAlone("cups-animated-alpha-nocolr.avif", size: "320x200")
        #expect(difference <= 1, "mean |diff| \(difference) from Pillow's libavif")
    }
}
