import CollageCanvas
import CollageCore
import CollageImaging
import CollagePipeline
import CollageSources
import CollageTestSupport
import CollageLocking
import Testing
import CollageFiles

/// What counts as the same photo, measured on the fixtures through the pipeline's own reader
/// (`PhotoLoader`: the real decoder, at the sizes the pipeline keeps photos at).
@Suite("Duplicates are the same photo, not the same scene")
struct SamePhotoTests {
    /// Each later photo is a copy of the earlier: a duplicate, named after it.
    static let copies: [(earlier: String, later: String, what: String)] = [
        ("eveningglow.jpg", "eveningglow-copy.jpg", "byte-identical copy"),
        ("eveningglow.jpg", "eveningglow-q30.jpg", "re-encoded at quality 30"),
        ("eveningglow.jpg", "eveningglow-quarter.jpg", "a quarter of the size, re-encoded"),
        ("eveningglow.jpg", "eveningglow-converted.png", "converted to PNG"),
        ("eveningglow.jpg", "eveningglow-from-png.jpg", "converted to PNG and back"),
        ("eveningglow.jpg", "eveningglow-exif6.jpg", "stored turned, EXIF orientation 6"),
        ("eveningglow.jpg", "eveningglow-jpegtran.jpg", "turned losslessly by jpegtran, orientation 6"),
        ("eveningglow.jpg", "eveningglow-meta.jpg", "metadata added"),
        ("eveningglow-meta.jpg", "eveningglow.jpg", "metadata stripped"),
        ("booth-1.jpg", "booth-1-q30.jpg", "a booth shot re-encoded at quality 30"),
        ("booth-1.jpg", "booth-1-quarter.jpg", "a booth shot at a quarter of the size"),
        ("kite.jpg", "kite-copy.jpg", "byte-identical copy"),
        ("kite.jpg", "kite-resized-q60.jpg", "resized, quality 60"),
        ("kite.jpg", "kite-palette.png", "256-colour palette PNG"),
        ("bythewater.jpg", "bythewater-16bit.png", "16-bit PNG at half the size"),
        ("cups-exif6.jpg", "cups-exif8.jpg", "stored turned the other way, orientation 8"),
        ("kite.jpg", "kite.heic", "a HEIC copy made by heif-enc"),
        ("autumn.jpg", "autumn-grid.heic", "a HEIC copy in a grid of 128-pixel tiles"),
        ("kite.jpg", "kite.webp", "a lossy WebP copy made by cwebp"),
        ("eveningglow.jpg", "eveningglow.avif", "an AVIF copy made by heif-enc"),
        ("eveningglow.jpg", "eveningglow-lossless.webp", "a lossless WebP copy"),
        ("cups-exif6.jpg", "cups-exif6.heic", "an iPhone-like HEIC: irot and EXIF 6, turned once"),
        ("cups-exif6.jpg", "cups-irot-imir.heic", "a HEIC stored transposed, irot and imir"),
        ("cups-exif6.jpg", "cups-exif6.webp", "a WebP with EXIF orientation 6"),
        ("cups-exif6.jpg", "cups-exif6.png", "a PNG with eXIf orientation 6"),
    ]

    /// Each later photo is another capture (or another crop) of the earlier one's scene: kept.
    static let otherCaptures: [(earlier: String, later: String, what: String)] = [
        ("booth-1.jpg", "booth-2.jpg", "the guest moved by 2.5 % of the width, 2 % brighter"),
        ("booth-2.jpg", "booth-3.jpg", "the guest moved by 5 %, 4 % darker"),
        ("booth-3.jpg", "booth-4.jpg", "the guest moved by 10 %"),
        ("booth-4.jpg", "booth-5.jpg", "a second guest stepped in"),
        ("booth-5.jpg", "booth-4.jpg", "the second guest left"),
        ("booth-5.jpg", "booth-6.jpg", "the first guest moved back by 25 %"),
        ("booth-1.jpg", "booth-hand.jpg", "the guest raised a hand"),
        ("booth-1.jpg", "booth-cup.jpg", "a cup put down"),
        ("booth-cup.jpg", "booth-1.jpg", "the cup taken away"),
        ("booth-1-q30.jpg", "booth-2.jpg", "a re-encoded shot, then the guest moved by 2.5 %"),
        ("booth-1-quarter.jpg", "booth-2.jpg", "a small copy of a shot, then the guest moved by 2.5 %"),
        ("summer-exif3.jpg", "booth-1.jpg", "the empty backdrop, then a guest"),
        ("eveningglow.jpg", "eveningglow-4x3.jpg", "the same scene cropped to 4:3"),
    ]

    /// Where the earlier photo is kept (index 0) and where the later one is compared (1 to 5), on
    /// canvases whose kept sizes differ: full size; 300x200 (tiles from 300x200 down to 100x100);
    /// 120x80 (kept at the thumbnail's floor).
    static let placements: [(canvas: PixelSize, earlier: Int, later: Int)] =
        [PixelSize(width: 1800, height: 1200), PixelSize(width: 300, height: 200), PixelSize(width: 120, height: 80)]
            .flatMap { canvas in (0..<5).flatMap { earlier in ((earlier + 1)...5).map { (canvas, earlier, $0) } } }

    /// The photo as the pipeline keeps it at `index` in a collage on `canvas`, decoded once per
    /// size for the whole suite.
    static func photo(_ name: String, at index: Int, canvas: PixelSize) async throws -> Photo {
        let probed = try await PhotoLoader().probe(PhotoFile(Fixtures.path(name))).get()
        let kept = CollageLayout.keptSize(of: probed.size, at: index, canvas: canvas)
        if let photo = decoded.withLock({ $0["\(name) \(kept)"] }) { return photo }
        let photo = try await probed.decode(keeping: kept).get()
        decoded.withLock { $0["\(name) \(kept)"] = photo }
        return photo
    }
    private static let decoded = Locked<[String: Photo]>([:])

    /// The distance between the two photos at every placement, and whether it made a duplicate.
    static func compare(_ earlier: String, _ later: String) async throws -> [(distance: Double, rejection: Rejection?)] {
        var results: [(Double, Rejection?)] = []
        for (canvas, first, second) in placements {
            let taken = try await photo(earlier, at: first, canvas: canvas)
            let candidate = try await photo(later, at: second, canvas: canvas)
            results.append((candidate.thumbnail.distance(to: taken.thumbnail), PhotoRules.unique(candidate, among: [taken])))
        }
        return results
    }

    @Test("A copy is a duplicate of its original", arguments: copies)
    func copy(earlier: String, later: String, what: String) async throws {
        for (distance, rejection) in try await Self.compare(earlier, later) {
            #expect(rejection == .duplicate(of: PathName(Fixtures.path(earlier))), "\(later), \(what): distance \(distance)")
        }
    }

    @Test("Another capture of the scene is not a duplicate", arguments: otherCaptures)
    func otherCapture(earlier: String, later: String, what: String) async throws {
        for (distance, rejection) in try await Self.compare(earlier, later) {
            #expect(rejection == nil, "\(later), \(what): distance \(distance)")
        }
    }

    /// The margins the README quotes, on both sides of the default threshold.
    @Test func theDefaultThresholdLiesBetweenCopiesAndOtherCaptures() async throws {
        var farthestCopy = (0.0, ""), closestOther = (Double.infinity, "")
        for (earlier, later, what) in Self.copies {
            let worst = try await Self.compare(earlier, later).map(\.distance).max() ?? 0
            if worst > farthestCopy.0 { farthestCopy = (worst, "\(later), \(what)") }
        }
        for (earlier, later, what) in Self.otherCaptures {
            let best = try await Self.compare(earlier, later).map(\.distance).min() ?? 0
            if best < closestOther.0 { closestOther = (best, "\(later), \(what)") }
        }
        #expect(farthestCopy.0 < Thumbnail.samePhotoThreshold)
        #expect(closestOther.0 > Thumbnail.samePhotoThreshold)
        // The documented default, 12, and why: halfway between the farthest copy (5.5) and the
        // closest other capture (18.5), a margin of 6.5 each side. A default moved towards
        // either side (17 still lies between them) is not the one the README explains.
        #expect(Thumbnail.samePhotoThreshold == 12)
        let halfway = (farthestCopy.0 + closestOther.0) / 2
        #expect((Thumbnail.samePhotoThreshold - halfway).magnitude < 0.5, "halfway between the sides is \(halfway)")
        print("similarity: copies at most \(farthestCopy.0) (\(farthestCopy.1)); other captures at least \(closestOther.0) (\(closestOther.1))")
    }
}
