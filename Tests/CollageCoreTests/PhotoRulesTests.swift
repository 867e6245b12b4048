import CollageCore
import CollageTestSupport
import Testing

@Suite("The app's acceptance rules")
struct PhotoRulesTests {
    func photo(_ name: String, seed: Int) -> Photo {
        Photo(name: name, size: PixelSize(width: 120, height: 80), image: TestImages.pattern(seed: seed, 120, 80))
    }

    @Test func landscapeOnly() {
        #expect(PhotoRules.landscape(PixelSize(width: 4032, height: 3024)) == nil)
        #expect(PhotoRules.landscape(PixelSize(width: 3024, height: 4032)) == .notLandscape(PixelSize(width: 3024, height: 4032)))
        #expect(PhotoRules.landscape(PixelSize(width: 500, height: 500)) == .notLandscape(PixelSize(width: 500, height: 500)))
        #expect(PhotoRules.landscape(PixelSize(width: 501, height: 500)) == nil)
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
        #expect(Rejection.notLandscape(PixelSize(width: 3, height: 4)).description == "portrait (3x4 as displayed), only landscape photos are used")
        #expect(Rejection.duplicate(of: "a.jpg").description == "duplicate of a.jpg")
        #expect(Rejection.overLimit(6).description == "over the limit of 6 photos")
    }
}
