import CollageCore
import CollageImaging
@testable import CollagePipeline
import CollageTestSupport
import Testing
import CollageFiles

/// Photos and steps made by value for the rule book's carriers: the same picture at several sizes
/// is one photo (a larger one is the better copy).
enum Steps {
    /// `name`, a picture of `seed`, `width` wide as displayed (3:2... 4:3), kept at 160x120.
    static func photo(_ name: String, seed: Int, width: Int = 400) -> Photo {
        Photo(name: PathName(name), size: PixelSize(width: width, height: width * 3 / 4), image: TestImages.pattern(seed: seed, 160, 120))
    }

    static func step(_ photo: Photo, at index: Int) -> PhotoStep {
        PhotoStep(file: PhotoFile(path: photo.name), index: index, outcome: .success(photo))
    }

    static func refused(_ name: String, at index: Int, _ rejection: Rejection, size: PixelSize? = nil) -> PhotoStep {
        PhotoStep(file: PhotoFile(name), index: index, outcome: .failure(Refusal(rejection, size: size)))
    }
}

/// `build`'s and `watch`'s carrier of the rule book's verdict (`Selection.decide`), by value.
@Suite("The selection carries out the rule book's verdict")
struct SelectionDecisionTests {
    let rules = PhotoRuleBook(limit: 3)

    @Test func eachStepIsTakenSkippedOrPutInThePlaceOfItsCopy() {
        var selection = Selection(limit: 3)
        let a = Steps.photo("a", seed: 1, width: 200), b = Steps.photo("b", seed: 2), big = Steps.photo("a-big", seed: 1, width: 800)
        #expect(selection.decide(Steps.step(a, at: 0), by: rules).selection.photos.map(\.name) == ["a"])
        let tall = selection.decide(Steps.refused("tall", at: 1, .shape(PixelSize(width: 3, height: 4), accepted: .landscape), size: PixelSize(width: 3, height: 4)), by: rules)
        guard case .skipped(.shape, let size) = tall.outcome else { Issue.record("\(tall.outcome)"); return }
        #expect(size == PixelSize(width: 3, height: 4))
        _ = selection.decide(Steps.step(b, at: 2), by: rules)
        let better = selection.decide(Steps.step(big, at: 3), by: rules)
        #expect(selection.photos.map(\.name) == ["a-big", "b"])
        #expect(better.replaced?.file == PhotoFile("a") && better.replaced?.size == a.size)
        let worse = selection.decide(Steps.step(Steps.photo("a-small", seed: 1, width: 100), at: 4), by: rules)
        guard case .skipped(.duplicate(let original), _) = worse.outcome else { Issue.record("\(worse.outcome)"); return }
        #expect(original == "a-big")
        _ = selection.decide(Steps.step(Steps.photo("c", seed: 3), at: 5), by: rules)
        let over = selection.decide(Steps.step(Steps.photo("d", seed: 4), at: 6), by: rules)
        guard case .skipped(.overLimit(3), _) = over.outcome else { Issue.record("\(over.outcome)"); return }
        #expect(selection.photos.map(\.name) == ["a-big", "b", "c"])
    }
}

/// `--pages`' carrier (`PageFiller`), by value: the pages, the window a full page waits, a better
/// copy wherever it sorts.
@Suite("The page filler carries out the rule book's verdict, page after page")
struct PageFillerTests {
    let rules = PhotoRuleBook(limit: nil)

    func pages(_ events: [PageFiller.Event]) -> [String] {
        events.compactMap { event in
            guard case .page(let page) = event else { return nil }
            let names = page.again.map { $0.map(\.name.description) } ?? page.photos.map(\.name.description)
            return "\(page.number)\(page.again == nil ? "" : " again") #\(page.firstNumber): " + names.joined(separator: " ")
        }
    }

    @Test func aFullPageWaitsItsWindowThenIsHandedOver() {
        var filler = PageFiller(perPage: 2, rules: rules, window: 1)
        #expect(pages(filler.take(Steps.step(Steps.photo("p1", seed: 1), at: 0))).isEmpty)
        #expect(pages(filler.take(Steps.step(Steps.photo("p2", seed: 2), at: 1))).isEmpty)  // full: it waits one file
        let third = filler.take(Steps.step(Steps.photo("p3", seed: 3), at: 2))
        guard case .added(_, _, let place, let count, _) = third.first else { Issue.record("\(third)"); return }
        #expect(place == PageFiller.Place(page: 2, cell: 0) && count == 1)
        #expect(pages(third) == ["1 #1: p1 p2"])
        #expect(pages(filler.finish()) == ["2 #3: p3"])
    }

    @Test func aBetterCopyTakesItsCopysCellOnAPageStillHeld() {
        var filler = PageFiller(perPage: 2, rules: rules, window: 2)
        _ = filler.take(Steps.step(Steps.photo("p1", seed: 1), at: 0))
        _ = filler.take(Steps.step(Steps.photo("web", seed: 2, width: 200), at: 1))
        let better = filler.take(Steps.step(Steps.photo("original", seed: 2, width: 800), at: 2))
        guard case .replaced(let kept, _, let by, let place, let drawn)? = better.last else { Issue.record("\(better)"); return }
        #expect(kept == "web" && by == PhotoFile("original") && place == PageFiller.Place(page: 1, cell: 1) && !drawn)
        #expect(pages(filler.take(Steps.step(Steps.photo("p3", seed: 3), at: 3))) == ["1 #1: p1 original"])
        #expect(pages(filler.finish()) == ["2 #3: p3"])
    }

    @Test func aBetterCopyFoundAfterItsPageWasHandedOverMakesItAgainAtTheEnd() {
        var filler = PageFiller(perPage: 2, rules: rules, window: 0)
        _ = filler.take(Steps.step(Steps.photo("web", seed: 1, width: 200), at: 0))
        #expect(pages(filler.take(Steps.step(Steps.photo("p2", seed: 2), at: 1))) == ["1 #1: web p2"])
        _ = filler.take(Steps.refused("notes.txt", at: 2, .unusable(.notAnImage, detail: "not an image")))
        _ = filler.take(Steps.step(Steps.photo("p3", seed: 3), at: 3))
        let better = filler.take(Steps.step(Steps.photo("original", seed: 1, width: 800), at: 4))
        guard case .replaced(_, _, _, let place, let drawn)? = better.last else { Issue.record("\(better)"); return }
        #expect(place == PageFiller.Place(page: 1, cell: 0) && drawn)
        let copy = filler.take(Steps.step(Steps.photo("web-again", seed: 1, width: 200), at: 5))
        guard case .skipped(_, .duplicate(let original), _)? = copy.first else { Issue.record("\(copy)"); return }
        #expect(original == "original")
        #expect(pages(filler.finish()) == ["2 #3: p3", "1 again #1: original p2"])
        #expect(filler.count == 3)
    }
}

/// `inspect`'s carrier (`InspectionLedger`), by value: each step's finding, then the verdict
/// written in, a replaced copy's finding rewritten.
@Suite("The ledger keeps inspect's findings")
struct InspectionLedgerTests {
    @Test func eachFindingIsRecordedThenDecided() {
        var ledger = InspectionLedger(similarity: 12)
        let web = Steps.photo("web", seed: 1, width: 200), original = Steps.photo("original", seed: 1, width: 800)
        let first = ledger.record(Steps.step(web, at: 0))
        ledger.use(first, named: "web", at: Inspection.Placement(index: 0, number: 1))
        let refused = ledger.record(Steps.refused("tall", at: 1, .shape(PixelSize(width: 3, height: 4), accepted: .landscape)))
        #expect(ledger.results[refused].fingerprint == nil && ledger.results[refused].nearest == nil)
        let better = ledger.record(Steps.step(original, at: 2))
        #expect(ledger.results[better].duplicateOf == "web" && ledger.results[better].nearest?.photo.name == "web")
        ledger.use(better, named: "original", at: Inspection.Placement(index: 0, number: 1))
        ledger.replace("web", by: better)
        ledger.place("original", at: Inspection.Placement(page: 1, index: 0, number: 1, tile: PixelRect(x: 0, y: 0, width: 10, height: 10)))
        let copy = ledger.record(Steps.step(Steps.photo("copy", seed: 1, width: 100), at: 3))
        ledger.skip(copy, .duplicate(of: "original"))
        guard case .skipped(.replacedBy("original")) = ledger.results[first].verdict,
              case .used(let placement) = ledger.results[better].verdict,
              case .skipped(.duplicate("original")) = ledger.results[copy].verdict else {
            Issue.record("\(ledger.results.map(\.verdict))")
            return
        }
        #expect(ledger.results[first].duplicateOf == "original" && ledger.results[better].replaced == "web")
        #expect(placement.page == 1 && placement.tile.width == 10)
        #expect(ledger.results[copy].duplicateOf == "original")
        #expect(ledger.results.map(\.file.description) == ["web", "tall", "original", "copy"])
    }
}
