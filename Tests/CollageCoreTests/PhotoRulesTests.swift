import CollageCore
import CollageTestSupport
import Testing

@Suite("The app's acceptance rules")
struct PhotoRulesTests {
    func photo(_ name: String, seed: Int) -> Photo {
        Photo(name: PathName(name), size: PixelSize(width: 120, height: 80), image: TestImages.pattern(seed: seed, 120, 80))
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
        let again = Fingerprint(of: TestImages.pattern(seed: 2, 120, 80).resized(to: PixelSize(width: 60, height: 40)))
        #expect(PhotoRules.unique(again, among: taken) == .duplicate(of: "b.jpg"))
        #expect(PhotoRules.unique(Fingerprint(of: TestImages.pattern(seed: 3, 120, 80)), among: taken) == nil)
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

    @Test func reasonsReadAsOneLine() {
        #expect(Rejection.shape(PixelSize(width: 3, height: 4), accepted: .landscape).description == "portrait (3x4 as displayed), only landscape photos are used")
        #expect(Rejection.shape(PixelSize(width: 4, height: 3), accepted: .portrait).description == "landscape (4x3 as displayed), only portrait photos are used")
        #expect(Rejection.shape(PixelSize(width: 4, height: 4), accepted: .landscape).description == "square (4x4), only landscape photos are used")
        #expect(Rejection.overLimit(1).description == "over the limit of 1 photo")
        #expect(Rejection.duplicate(of: "a.jpg").description == "duplicate of a.jpg")
        #expect(Rejection.overLimit(6).description == "over the limit of 6 photos")
    }

    @Test("Machine reason codes", arguments: [
        (Rejection.shape(PixelSize(width: 3, height: 4), accepted: .landscape), "portrait"),
        (.shape(PixelSize(width: 4, height: 4), accepted: .landscape), "square"),
        (.shape(PixelSize(width: 4, height: 3), accepted: .portrait), "landscape"),
        (.duplicate(of: "a.jpg"), "duplicate"), (.overLimit(6), "over-limit"), (.alreadyUsed(in: "booth-0001.jpg"), "already-used"),
        (.unusable(.notAFile, detail: "a named pipe (FIFO), not a regular file"), "not-a-file"),
        (.unusable(.tooLarge, detail: "x"), "too-large"), (.unusable(.notAnImage, detail: "x"), "not-an-image"),
    ])
    func codes(rejection: Rejection, code: String) {
        #expect(rejection.code == code)
    }
}
