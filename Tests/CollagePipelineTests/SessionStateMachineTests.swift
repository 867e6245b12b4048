@testable import CollagePipeline
import CollageTestSupport
import Testing

/// A photo the machine knows by its name alone.
struct Shot: SessionPhoto, Equatable, ExpressibleByStringLiteral {
    let name: String
    init(stringLiteral name: String) { self.name = name }
}

@Suite("Booth sessions: timeout, finish now, retakes, restart, throttle, with values on a manual clock")
struct SessionStateMachineTests {
    typealias Machine = SessionStateMachine<Shot, ManualClock.Instant>
    func at(_ seconds: Int) -> ManualClock.Instant { ManualClock.Instant(.seconds(seconds)) }

    @Test func anArrivalIsReadThenShownAndWaitsForTheTimeout() {
        var machine = Machine(limit: 3, timeout: .seconds(60), batch: 1)
        #expect(machine.arrived("a", at: at(0)) == [.read("a")])
        #expect(machine.taken("a", at: at(0)) == [.show(batch: 1, photos: ["a"]), .wake(at: at(60))])
        #expect(machine.taken("b", at: at(1)) == [.show(batch: 1, photos: ["a", "b"]), .wake(at: at(61))])
        #expect(machine.taken("c", at: at(2)) == [.complete(batch: 1, photos: ["a", "b", "c"], because: .full, next: 2)])
        #expect(machine.open.batch == 2 && machine.open.photos.isEmpty)
    }

    @Test func aBatchWithNoPhotoForTheTimeoutCompletesWithWhatItHas() {
        var machine = Machine(limit: 4, timeout: .seconds(60), batch: 7)
        _ = machine.taken("a", at: at(0))
        _ = machine.taken("b", at: at(30))
        // The first photo's wake-up comes before the timeout counted from the newest: nothing
        // but the wake-up still needed.
        #expect(machine.woke(at: at(60)) == [.wake(at: at(90))])
        #expect(machine.woke(at: at(90)) == [.complete(batch: 7, photos: ["a", "b"], because: .timeout, next: 8)])
        // The next group starts a strip of its own.
        #expect(machine.taken("c", at: at(100)) == [.show(batch: 8, photos: ["c"]), .wake(at: at(160))])
    }

    @Test func withoutATimeoutNothingWaits() {
        var machine = Machine(limit: 2, timeout: nil, batch: 1)
        #expect(machine.taken("a", at: at(0)) == [.show(batch: 1, photos: ["a"])])
        #expect(machine.woke(at: at(1_000_000)) == [])
    }

    @Test func finishNowCompletesTheOpenBatchAndNothingWhenNoneIsOpen() {
        var machine = Machine(limit: 4, timeout: nil, batch: 3)
        #expect(machine.finishNow() == [.nothingToFinish(batch: 3)])
        _ = machine.taken("a", at: at(0))
        #expect(machine.finishNow() == [.complete(batch: 3, photos: ["a"], because: .finishNow, next: 4)])
        #expect(machine.finishNow() == [.nothingToFinish(batch: 4)])
    }

    @Test func aRetakeLeavesTheOpenBatchWhichIsShownAgainWithThePhotosLeft() {
        var machine = Machine(limit: 3, timeout: .seconds(60), batch: 1)
        _ = machine.taken("a", at: at(0))
        _ = machine.taken("bad", at: at(1))
        #expect(machine.removed("bad", at: at(2)) == [.rebuilt(batch: 1, removed: "bad", left: 1), .show(batch: 1, photos: ["a"])])
        _ = machine.taken("b", at: at(3))
        // The retake counts towards the batch in its place: two more complete it, not one.
        #expect(machine.taken("c", at: at(4)) == [.complete(batch: 1, photos: ["a", "b", "c"], because: .full, next: 2)])
    }

    @Test func aPhotoReplacedUnderItsNameLeavesThenIsReadAgain() {
        var machine = Machine(limit: 3, timeout: nil, batch: 1)
        _ = machine.taken("a", at: at(0))
        _ = machine.taken("b", at: at(1))
        #expect(machine.arrived("a", at: at(2)) == [.rebuilt(batch: 1, removed: "a", left: 1), .show(batch: 1, photos: ["b"]), .read("a")])
        #expect(machine.taken("a", at: at(2)) == [.show(batch: 1, photos: ["b", "a"])])
    }

    @Test func aShotRemovedWhileReadCompletesNothing() {
        var machine = Machine(limit: 2, timeout: nil, batch: 1)
        _ = machine.taken("a", at: at(0))
        #expect(machine.removedWhileRead("b", at: at(1)) == [.rebuilt(batch: 1, removed: "b", left: 1), .show(batch: 1, photos: ["a"])])
        #expect(machine.open.photos == ["a"])
    }

    @Test func aBatchEmptiedByRetakesIsWithdrawnAndDoesNotTimeOut() {
        var machine = Machine(limit: 3, timeout: .seconds(60), batch: 1)
        _ = machine.taken("a", at: at(0))
        #expect(machine.removed("a", at: at(1)) == [.rebuilt(batch: 1, removed: "a", left: 0), .withdraw(batch: 1)])
        #expect(machine.woke(at: at(60)) == [])
        #expect(machine.finishNow() == [.nothingToFinish(batch: 1)])
        #expect(machine.taken("b", at: at(70)) == [.show(batch: 1, photos: ["b"]), .wake(at: at(130))])
    }

    @Test func aRemovalAfterCompletionChangesNothingAndSaysWhichCollage() {
        var machine = Machine(limit: 2, timeout: .seconds(60), batch: 1)
        _ = machine.taken("a", at: at(0))
        _ = machine.taken("b", at: at(1))
        _ = machine.taken("c", at: at(2))
        #expect(machine.removed("a", at: at(3)) == [.unchanged("a", batch: 1)])
        #expect(machine.open.photos == ["c"])
        #expect(machine.removed("never-taken", at: at(3)) == [])
    }

    @Test func aRestartedBoothReadsItsPhotosAgainShowsNothingAndWaits() {
        var machine = Machine(limit: 4, timeout: .seconds(60), batch: 5, resuming: ["x", "y"], completed: ["old": 4], nextBatch: { $0 + 2 })
        #expect(machine.started(at: at(0)) == [.read("x"), .read("y")])
        #expect(machine.taken("x", at: at(10)) == [])
        // The collage's file already shows them: nothing is saved, the timeout counts from now.
        #expect(machine.taken("y", at: at(10)) == [.wake(at: at(70))])
        #expect(machine.removed("old", at: at(11)) == [.unchanged("old", batch: 4)])
        #expect(machine.woke(at: at(70)) == [.complete(batch: 5, photos: ["x", "y"], because: .timeout, next: 7)])
        #expect(machine.removed("y", at: at(71)) == [.unchanged("y", batch: 5)])
    }

    @Test func aPhotoDeletedWhileTheBoothWasStoppedIsLeftOutAndTheRestSavedAgain() {
        var machine = Machine(limit: 3, timeout: .seconds(60), batch: 2, resuming: ["x", "gone", "y"])
        _ = machine.started(at: at(0))
        _ = machine.taken("x", at: at(0))
        #expect(machine.refused("gone", at: at(0)) == [])
        #expect(machine.taken("y", at: at(0)) == [.rebuilt(batch: 2, removed: "gone", left: 2), .show(batch: 2, photos: ["x", "y"]),
                                                   .wake(at: at(60))])
        // A new photo joins it, and completes it.
        #expect(machine.taken("z", at: at(5)) == [.complete(batch: 2, photos: ["x", "y", "z"], because: .full, next: 3)])
    }

    @Test func aPhotoGoneFromTheFolderWhileStoppedLeavesTheResumedCollage() {
        var machine = Machine(limit: 3, timeout: .seconds(60), batch: 2, resuming: ["x"], gone: ["y"])
        #expect(machine.started(at: at(0)) == [.read("x")])
        #expect(machine.taken("x", at: at(0)) == [.rebuilt(batch: 2, removed: "y", left: 1), .show(batch: 2, photos: ["x"]), .wake(at: at(60))])
        var emptied = Machine(limit: 3, timeout: .seconds(60), batch: 2, gone: ["x"])
        #expect(emptied.started(at: at(0)) == [.rebuilt(batch: 2, removed: "x", left: 0), .withdraw(batch: 2)])
    }

    @Test func aFreshBoothHasNothingToRead() {
        var machine = Machine(limit: 4, timeout: .seconds(60), batch: 1)
        #expect(machine.started(at: at(0)) == [])
    }

    @Test func changesInAThrottleWindowAreShownOnceAtItsEnd() {
        var machine = Machine(limit: 6, timeout: nil, interval: .seconds(1), batch: 1)
        #expect(machine.taken("a", at: at(0)) == [.show(batch: 1, photos: ["a"])])
        #expect(machine.taken("b", at: at(0)) == [.wake(at: at(1))])
        #expect(machine.taken("c", at: at(0)) == [])
        #expect(machine.woke(at: at(1)) == [.show(batch: 1, photos: ["a", "b", "c"])])
        // A quiet window ends the throttle: the next change is shown at once.
        #expect(machine.woke(at: at(2)) == [])
        #expect(machine.taken("d", at: at(5)) == [.show(batch: 1, photos: ["a", "b", "c", "d"])])
    }

    @Test func theSourcesEndSavesAChangeNotSavedYet() {
        var shown = Machine(limit: 6, timeout: nil, interval: .seconds(1), batch: 1)
        _ = shown.taken("a", at: at(0))
        #expect(shown.ended() == [])
        var machine = Machine(limit: 6, timeout: nil, interval: .seconds(1), batch: 1)
        _ = machine.taken("a", at: at(0))
        _ = machine.taken("b", at: at(0))
        #expect(machine.ended() == [.last(batch: 1, photos: ["a", "b"])])
        var failing = Machine(limit: 6, timeout: nil, batch: 1)
        _ = failing.taken("a", at: at(0))
        failing.saveFailed()
        #expect(failing.ended() == [.last(batch: 1, photos: ["a"])])
    }
}
