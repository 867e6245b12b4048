import CollageCore
import CollageImaging
import CollageTestSupport
import Testing

@Suite("Thumbnails and the similarity scale")
struct ThumbnailTests {
    /// A thumbnail of one luma value, with `patch` (in thumbnail pixels) set to another.
    func thumbnail(_ value: UInt8, patch: PixelRect? = nil, to other: UInt8 = 0) -> Thumbnail {
        var luma = [UInt8](repeating: value, count: Thumbnail.size.area)
        if let patch {
            for y in patch.y..<(patch.y + patch.height) {
                for x in patch.x..<(patch.x + patch.width) { luma[y * Thumbnail.size.width + x] = other }
            }
        }
        return Thumbnail(luma: luma)
    }

    @Test func isSixtyFourByFortyEightLumaValues() {
        let thumbnail = Thumbnail(of: TestImages.pattern(seed: 1, 400, 300))
        #expect(thumbnail.luma.count == 64 * 48)
        // Rec. 601 luma of an area average.
        #expect(Thumbnail(of: TestImages.solid(RGB(red: 200, green: 100, blue: 50), 640, 480)).luma.allSatisfy { $0 == 124 })
    }

    /// The weights the fingerprint and the thumbnail share: 299, 587 and 114 thousandths; a
    /// thumbnail value is the nearest whole level, halves up.
    @Test func lumaIsRec601InThousandthsOfALevel() {
        #expect(RGB(red: 200, green: 100, blue: 50).lumaThousandths == 124_200)
        #expect([RGB.black, .white, RGB(red: 255, green: 0, blue: 0), RGB(red: 0, green: 255, blue: 0), RGB(red: 0, green: 0, blue: 255)]
            .map(\.lumaThousandths) == [0, 255_000, 76_245, 149_685, 29_070])
        // 1·299 + 1·587 + 0·114 = 886 thousandths: rounds up to 1; 0·299 + 0·587 + 4·114 = 456: down to 0.
        #expect(Thumbnail(of: TestImages.solid(RGB(red: 1, green: 1, blue: 0), 64, 48)).luma.allSatisfy { $0 == 1 })
        #expect(Thumbnail(of: TestImages.solid(RGB(red: 0, green: 0, blue: 4), 64, 48)).luma.allSatisfy { $0 == 0 })
    }

    @Test func identicalPicturesMeasureZeroAndNothingElseDoes() {
        let image = TestImages.pattern(seed: 2, 320, 200)
        #expect(Thumbnail(of: image).distance(to: Thumbnail(of: image)) == 0)
        // Two pixels swapped inside a patch leave every mean as it was: still not zero.
        let swapped = thumbnail(100, patch: PixelRect(x: 10, y: 10, width: 1, height: 1), to: 101)
        var luma = swapped.luma
        luma[10 * 64 + 11] = 99
        #expect(Thumbnail(luma: luma).distance(to: thumbnail(100)) == 1.0 / 16)
    }

    @Test func theScaleIsTheMostChangedPatchInLumaLevels() {
        // All 10 levels brighter: every patch is 10 levels brighter.
        #expect(thumbnail(110).distance(to: thumbnail(100)) == 10)
        // A 4x4 patch turned from black to white: 255, however large the rest.
        #expect(thumbnail(0, patch: PixelRect(x: 40, y: 20, width: 4, height: 4), to: 255).distance(to: thumbnail(0)) == 255)
        // A 2x2 spot: a quarter of the patch it falls in.
        #expect(thumbnail(0, patch: PixelRect(x: 40, y: 20, width: 2, height: 2), to: 200).distance(to: thumbnail(0)) == 50)
        // Symmetric.
        let a = Thumbnail(of: TestImages.pattern(seed: 3, 160, 100)), b = Thumbnail(of: TestImages.pattern(seed: 4, 160, 100))
        #expect(a.distance(to: b) == b.distance(to: a))
    }

    @Test func aResizedCopyIsCloseAndAMovedSubjectIsFar() {
        var scene = TestImages.pattern(seed: 5, 480, 300)
        let original = Thumbnail(of: scene)
        #expect(Thumbnail(of: scene.resized(to: PixelSize(width: 120, height: 75))).distance(to: original) < 3)
        scene.draw(TestImages.solid(.white, 48, 150), region: SourceRegion(x: 0, y: 0, width: 48, height: 150),
                   into: PixelRect(x: 100, y: 150, width: 48, height: 150))
        var moved = TestImages.pattern(seed: 5, 480, 300)
        moved.draw(TestImages.solid(.white, 48, 150), region: SourceRegion(x: 0, y: 0, width: 48, height: 150),
                   into: PixelRect(x: 112, y: 150, width: 48, height: 150))  // 2.5 % of the width
        #expect(Thumbnail(of: moved).distance(to: Thumbnail(of: scene)) > 2 * Thumbnail.samePhotoThreshold)
    }
}
