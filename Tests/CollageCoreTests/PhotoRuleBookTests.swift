import CollageCore
import CollageImaging
import CollageTestSupport
import Testing

/// The one rule book every command decides a photo by, tested by value.
@Suite("One rule book: every photo decided in one place")
struct PhotoRuleBookTests {
    /// `seed`'s picture at `width` x 2/3 of it, decoded from `format`.
    func photo(_ name: String, seed: Int, width: Int = 120, format: String = "JPEG") -> Photo {
        let size = PixelSize(width: width, height: width * 2 / 3)
        var photo = Photo(name: PathName(name), size: size, image: TestImages.pattern(seed: seed, 120, 80).resized(to: size))
        photo.decoding = DecodeDetails(format: format, storedSize: size, orientation: .up, scale: 1)
        return photo
    }

    func decide(_ rules: PhotoRuleBook, _ photo: Photo, among taken: [Photo], replaceable: (PathName) -> Bool = { _ in true }) -> String {
        switch rules.decide(photo, resemblances: taken.map { Resemblance(of: photo, to: $0) }, taken: taken.count, replaceable: replaceable) {
        case .use: return "use"
        case .replace(let kept, _): return "replace \(kept.name)"
        case .skip(let rejection): return rejection.description
        }
    }

    @Test func aNewPhotoIsUsedACopyIsADuplicateOfTheFirstItCopies() {
        let taken = [photo("a.jpg", seed: 1), photo("b.jpg", seed: 2)]
        let rules = PhotoRuleBook()
        #expect(decide(rules, photo("c.jpg", seed: 3), among: taken) == "use")
        #expect(decide(rules, photo("b-small.jpg", seed: 2, width: 60), among: taken) == "duplicate of b.jpg")
    }

    /// The folder: the 80x50 copy came first, the original takes its place; a booth
    /// (`keepFirst`) and a page already handed over keep the first.
    @Test func aBetterCopyTakesThePlaceUnlessTheModeOrThePageKeepsTheFirst() {
        let taken = [photo("quarter.jpg", seed: 1, width: 60), photo("autumn.jpg", seed: 2)]
        let original = photo("original.jpg", seed: 1, width: 240)
        #expect(decide(PhotoRuleBook(), original, among: taken) == "replace quarter.jpg")
        #expect(decide(PhotoRuleBook(copies: .keepFirst), original, among: taken) == "duplicate of quarter.jpg")
        #expect(decide(PhotoRuleBook(), original, among: taken) { $0 != "quarter.jpg" } == "duplicate of quarter.jpg")
        // Of equal size, the camera's format over a conversion's.
        let png = [photo("converted.png", seed: 1, format: "PNG")]
        #expect(decide(PhotoRuleBook(), photo("camera.jpg", seed: 1), among: png) == "replace converted.png")
        #expect(decide(PhotoRuleBook(), photo("again.webp", seed: 1, format: "WebP"), among: [photo("camera.jpg", seed: 1)]) == "duplicate of camera.jpg")
    }

    /// A full collage takes nothing more, a better copy neither: `build` reads no further.
    @Test func theLimitComesBeforeEveryOtherRule() {
        let taken = [photo("quarter.jpg", seed: 1, width: 60), photo("autumn.jpg", seed: 2)]
        let rules = PhotoRuleBook(limit: 2)
        #expect(decide(rules, photo("original.jpg", seed: 1, width: 240), among: taken) == "over the limit of 2 photos (raise it with --limit)")
        #expect(decide(rules, photo("c.jpg", seed: 3), among: taken) == "over the limit of 2 photos (raise it with --limit)")
        #expect(decide(PhotoRuleBook(limit: nil), photo("c.jpg", seed: 3), among: taken + (4...9).map { photo("\($0).jpg", seed: $0) }) == "use")
    }

    @Test func theShapeRuleIsTheAcceptedShapes() {
        #expect(PhotoRuleBook().shape(PixelSize(width: 30, height: 40)) == .shape(PixelSize(width: 30, height: 40), accepted: .landscape))
        #expect(PhotoRuleBook(accept: .any).shape(PixelSize(width: 30, height: 40)) == nil)
    }

    /// `--pages`' memory of every photo taken: a better copy answers in the place of the copy it
    /// replaced, with its own name and format.
    @Test func seenPhotosPutABetterCopyInThePlaceOfTheOneItReplaced() {
        var seen = SeenPhotos()
        seen.insert(photo("quarter.jpg", seed: 1, width: 60))
        seen.insert(photo("autumn.jpg", seed: 2))
        seen.replace("quarter.jpg", with: photo("original.jpg", seed: 1, width: 240))
        #expect(seen.count == 2)
        let third = photo("third.png", seed: 1, width: 120, format: "PNG")
        let resemblances = seen.resemblances(of: third)
        #expect(resemblances.map(\.photo.name) == ["original.jpg"])
        #expect(resemblances.first?.photo.decoding?.format == "JPEG")
        #expect(decide(PhotoRuleBook(), third, among: resemblances.map(\.photo)) == "duplicate of original.jpg")
    }
}
