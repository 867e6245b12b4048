import CollageCore
import CollageImaging
import CollageTestSupport
import Testing

@Suite("The app's acceptance rules")
struct PhotoRulesTests {
    func photo(_ name: String, seed: Int) -> Photo {
        Photo(name: PathName(name), size: PixelSize(width: 120, height: 80), image: TestImages.pattern(seed: seed, 120, 80))
    }

    /// `seed`'s picture with a white "guest" 12x40 standing at `x`.
    func shot(_ name: String, seed: Int, guestAt x: Int) -> Photo {
        var image = TestImages.pattern(seed: seed, 120, 80)
        image.draw(TestImages.solid(.white, 12, 40), region: SourceRegion(x: 0, y: 0, width: 12, height: 40),
                   into: PixelRect(x: x, y: 30, width: 12, height: 40))
        return Photo(name: PathName(name), size: PixelSize(width: 120, height: 80), image: image)
    }

    @Test func landscapeOnlyByDefault() {
        #expect(PhotoRules.shape(PixelSize(width: 4032, height: 3024)) == nil)
        #expect(PhotoRules.shape(PixelSize(width: 3024, height: 4032)) == .shape(PixelSize(width: 3024, height: 4032), accepted: .landscape))
        #expect(PhotoRules.shape(PixelSize(width: 500, height: 500)) == .shape(PixelSize(width: 500, height: 500), accepted: .landscape))
        #expect(PhotoRules.shape(PixelSize(width: 501, height: 500)) == nil)
    }

    @Test("--accept", arguments: [
        (AcceptedShape.landscape, [true, false, false]), (.portrait, [false, true, false]), (.any, [true, true, true]),
    ])
    func acceptedShapes(accepted: AcceptedShape, expected: [Bool]) {
        let sizes = [PixelSize(width: 40, height: 30), PixelSize(width: 30, height: 40), PixelSize(width: 30, height: 30)]
        #expect(sizes.map { PhotoRules.shape($0, accepted: accepted) == nil } == expected)
    }

    @Test func uniqueNamesTheFirstMatch() {
        let taken = [photo("a.jpg", seed: 1), photo("b.jpg", seed: 2)]
        let smaller = Photo(name: "b-small.jpg", size: PixelSize(width: 60, height: 40),
                            image: TestImages.pattern(seed: 2, 120, 80).resized(to: PixelSize(width: 60, height: 40)))
        #expect(PhotoRules.unique(smaller, among: taken) == .duplicate(of: "b.jpg"))
        #expect(PhotoRules.unique(photo("c.jpg", seed: 3), among: taken) == nil)
        #expect(PhotoRules.unique(photo("b-again.jpg", seed: 2), among: taken + [photo("b-copy.jpg", seed: 2)]) == .duplicate(of: "b.jpg"))
    }

    @Test func anotherShotOfTheSameSceneIsNotADuplicate() {
        let first = shot("1.jpg", seed: 4, guestAt: 20)
        // The fingerprint cannot tell: the guest moved by 5 % of the width.
        let moved = shot("2.jpg", seed: 4, guestAt: 26)
        #expect(moved.fingerprint.isCandidate(for: first.fingerprint))
        #expect(PhotoRules.unique(moved, among: [first]) == nil)
        #expect(PhotoRules.unique(shot("1-again.jpg", seed: 4, guestAt: 20), among: [first]) == .duplicate(of: "1.jpg"))
    }

    @Test func similarityIsTheThreshold() {
        let first = shot("1.jpg", seed: 4, guestAt: 20), moved = shot("2.jpg", seed: 4, guestAt: 26)
        let distance = moved.thumbnail.distance(to: first.thumbnail)
        #expect(PhotoRules.unique(moved, among: [first], similarity: distance) == .duplicate(of: "1.jpg"))
        #expect(PhotoRules.unique(moved, among: [first], similarity: distance - 1 / 16) == nil)
        // 0: identical pictures only.
        #expect(PhotoRules.unique(shot("1-again.jpg", seed: 4, guestAt: 20), among: [first], similarity: 0) == .duplicate(of: "1.jpg"))
        let resized = Photo(name: "1-small.jpg", size: PixelSize(width: 60, height: 40), image: first.image.resized(to: PixelSize(width: 60, height: 40)))
        #expect(PhotoRules.unique(resized, among: [first]) == .duplicate(of: "1.jpg"))
        #expect(PhotoRules.unique(resized, among: [first], similarity: 0) == nil)
    }

    @Test func nearestIsTheClosestEarlierPhotoOnTheSimilarityScale() throws {
        let taken = [photo("a.jpg", seed: 1), shot("1.jpg", seed: 4, guestAt: 20), shot("2.jpg", seed: 4, guestAt: 60)]
        let third = shot("3.jpg", seed: 4, guestAt: 21)
        let nearest = try #require(PhotoRules.nearest(to: third, among: taken))
        #expect(nearest.photo.name == "1.jpg")
        #expect(nearest.distance == third.thumbnail.distance(to: taken[1].thumbnail))
        #expect(nearest.distance < third.thumbnail.distance(to: taken[0].thumbnail))
        #expect(nearest.distance < third.thumbnail.distance(to: taken[2].thumbnail))
        #expect(!nearest.isDuplicate())
        #expect(PhotoRules.nearest(to: photo("a.jpg", seed: 1), among: taken)?.distance == 0)
        #expect(PhotoRules.nearest(to: photo("a.jpg", seed: 1), among: []) == nil)
    }

    /// The fingerprint is the first stage: a photo it does not make a candidate is no duplicate,
    /// however close its thumbnail, even at the loosest `--similarity`.
    @Test func onlyTheFingerprintsCandidatesAreComparedByThumbnail() {
        let taken = [photo("a.jpg", seed: 1), photo("b.jpg", seed: 2)]
        let other = photo("c.jpg", seed: 3)
        #expect(taken.allSatisfy { !other.fingerprint.isCandidate(for: $0.fingerprint) })
        #expect(PhotoRules.unique(other, among: taken, similarity: Thumbnail.scale.upperBound) == nil)
        let resemblance = Resemblance(of: other, to: taken[0])
        #expect(!resemblance.isCandidate && resemblance.distance <= Thumbnail.scale.upperBound)
        #expect(!resemblance.isDuplicate(similarity: Thumbnail.scale.upperBound))
        #expect(resemblance.fingerprintDistance == other.fingerprint.distance(to: taken[0].fingerprint))
    }

    /// Compared once with every photo taken, a photo meets the same rule and the same nearest as
    /// when each asks on its own.
    @Test("Comparisons made once give the same verdict and nearest", arguments: [0.0, Thumbnail.samePhotoThreshold, 40, 255])
    func comparisonsMadeOnce(similarity: Double) {
        let taken = [photo("a.jpg", seed: 1), shot("1.jpg", seed: 4, guestAt: 20), shot("2.jpg", seed: 4, guestAt: 60), photo("b.jpg", seed: 2)]
        let arrivals = [photo("a-again.jpg", seed: 1), shot("3.jpg", seed: 4, guestAt: 21), shot("4.jpg", seed: 4, guestAt: 40),
                        photo("c.jpg", seed: 3), shot("1-again.jpg", seed: 4, guestAt: 20)]
        for count in 0...taken.count {
            let before = Array(taken.prefix(count))
            for arrival in arrivals {
                let resemblances = before.map { Resemblance(of: arrival, to: $0) }
                let verdict = PhotoRules.unique(arrival, among: before, similarity: similarity)
                #expect(PhotoRules.unique(among: resemblances, similarity: similarity) == verdict, "\(arrival.name) after \(count)")
                let nearest = PhotoRules.nearest(among: resemblances), alone = PhotoRules.nearest(to: arrival, among: before)
                #expect(nearest?.photo.name == alone?.photo.name && nearest?.distance == alone?.distance)
                var selection = Selection(limit: 10, similarity: similarity), compared = Selection(limit: 10, similarity: similarity)
                for photo in before {
                    try? selection.add(photo)
                    try? compared.add(photo, resemblances: compared.photos.map { Resemblance(of: photo, to: $0) })
                }
                #expect(selection.photos.map(\.name) == compared.photos.map(\.name))
                let resemblancesToSelection = compared.photos.map { Resemblance(of: arrival, to: $0) }
                var refusal: Rejection?
                do throws(Rejection) { try compared.add(arrival, resemblances: resemblancesToSelection) } catch { refusal = error }
                #expect(refusal == PhotoRules.unique(arrival, among: selection.photos, similarity: similarity))
            }
        }
    }

    @Test func atMostSix() {
        let five = (1...5).map { photo("\($0).jpg", seed: $0) }
        #expect(PhotoRules.withinLimit(five) == nil)
        #expect(PhotoRules.withinLimit(five + [photo("6.jpg", seed: 6)]) == .overLimit(6))
    }

    @Test func selectionAppliesUniqueThenLimitInOrder() throws {
        var selection = Selection()
        for seed in 1...6 { try selection.add(photo("\(seed).jpg", seed: seed)) }
        #expect(selection.isFull)
        // A duplicate is named as such even when the selection is full: unique comes first.
        #expect(throws: Rejection.duplicate(of: "3.jpg")) { try selection.add(photo("again.jpg", seed: 3)) }
        #expect(throws: Rejection.overLimit(6)) { try selection.add(photo("7.jpg", seed: 7)) }
        #expect(selection.photos.map(\.name) == ["1.jpg", "2.jpg", "3.jpg", "4.jpg", "5.jpg", "6.jpg"])
    }

    @Test func selectionUsesItsSimilarity() throws {
        var strict = Selection(similarity: 0)
        try strict.add(shot("1.jpg", seed: 4, guestAt: 20))
        let resized = Photo(name: "small.jpg", size: PixelSize(width: 60, height: 40),
                            image: strict.photos[0].image.resized(to: PixelSize(width: 60, height: 40)))
        try strict.add(resized)
        #expect(strict.count == 2)
        var loose = Selection(similarity: 255)
        try loose.add(shot("1.jpg", seed: 4, guestAt: 20))
        #expect(throws: Rejection.duplicate(of: "1.jpg")) { try loose.add(shot("2.jpg", seed: 4, guestAt: 26)) }
    }

    /// Which copy of one photo is kept: more pixels, then a camera's format, else the first.
    @Test func theBetterCopyHasMorePixelsThenACamerasFormat() {
        func copy(_ width: Int, _ format: String?) -> Photo {
            var photo = Photo(name: "x", size: PixelSize(width: width, height: width * 5 / 8), image: TestImages.pattern(seed: 1, 16, 10))
            photo.decoding = format.map { DecodeDetails(format: $0, storedSize: photo.size, orientation: .up, scale: 1) }
            return photo
        }
        // The phone folder: a 2560x1600 HEIC after its 1280x800 JPEG re-encode.
        #expect(PhotoRules.isBetterCopy(copy(2560, "HEIC"), than: copy(1280, "JPEG")))
        #expect(!PhotoRules.isBetterCopy(copy(1280, "JPEG"), than: copy(2560, "HEIC")))
        #expect(PhotoRules.isBetterCopy(copy(1280, "JPEG"), than: copy(1280, "WebP")))
        #expect(PhotoRules.isBetterCopy(copy(1280, "HEIC"), than: copy(1280, "PNG")))
        #expect(!PhotoRules.isBetterCopy(copy(1280, "AVIF"), than: copy(1280, "PNG")))
        // Equal in every way, or both a camera's: the first stays.
        #expect(!PhotoRules.isBetterCopy(copy(1280, "JPEG"), than: copy(1280, "JPEG")))
        #expect(!PhotoRules.isBetterCopy(copy(1280, "HEIC"), than: copy(1280, "JPEG")))
    }

    @Test func reasonsReadAsOneLine() {
        #expect(Rejection.shape(PixelSize(width: 3, height: 4), accepted: .landscape).description == "portrait (3x4 as displayed), only landscape photos are used (keep them with --accept any)")
        #expect(Rejection.shape(PixelSize(width: 4, height: 3), accepted: .portrait).description == "landscape (4x3 as displayed), only portrait photos are used (keep them with --accept any)")
        #expect(Rejection.shape(PixelSize(width: 4, height: 4), accepted: .landscape).description == "square (4x4), only landscape photos are used (keep them with --accept any)")
        #expect(Rejection.overLimit(1).description == "over the limit of 1 photo (raise it with --limit)")
        #expect(Rejection.duplicate(of: "a.jpg").description == "duplicate of a.jpg")
        #expect(Rejection.overLimit(6).description == "over the limit of 6 photos (raise it with --limit)")
    }

    @Test("Machine reason codes", arguments: [
        (Rejection.shape(PixelSize(width: 3, height: 4), accepted: .landscape), "portrait"),
        (.shape(PixelSize(width: 4, height: 4), accepted: .landscape), "square"),
        (.shape(PixelSize(width: 4, height: 3), accepted: .portrait), "landscape"),
        (.duplicate(of: "a.jpg"), "duplicate"), (.overLimit(6), "over-limit"), (.alreadyUsed(in: "booth-0001.jpg"), "already-used"), (.notReached, "not-reached"),
        (.unusable(.notAFile, detail: "a named pipe (FIFO), not a regular file"), "not-a-file"),
        (.unusable(.tooLarge, detail: "x"), "too-large"), (.unusable(.notAnImage, detail: "x"), "not-an-image"),
    ])
    func codes(rejection: Rejection, code: String) {
        #expect(rejection.code == code)
    }
}
