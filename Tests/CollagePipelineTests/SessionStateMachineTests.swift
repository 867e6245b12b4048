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

    /// A photo arriving and read with nothing between: what its result brings.
    func take(_ name: String, into machine: inout Machine, at seconds: Int) -> [Machine.Action] {
        #expect(machine.arrived(name, at: at(seconds)).last == .read(name))
        return machine.read(name, .taken(Shot(stringLiteral: name)), at: at(seconds))
    }

    @Test func anArrivalIsReadThenShownAndWaitsForTheTimeout() {
        var machine = Machine(limit: 3, timeout: .seconds(60), batch: 1)
        #expect(machine.arrived("a", at: at(0)) == [.read("a")])
        #expect(machine.read("a", .taken("a"), at: at(0)) == [.show(batch: 1, photos: ["a"]), .wake(at: at(60))])
        #expect(take("b", into: &machine, at: 1) == [.show(batch: 1, photos: ["a", "b"]), .wake(at: at(61))])
        #expect(take("c", into: &machine, at: 2) == [.complete(batch: 1, photos: ["a", "b", "c"], because: .full, next: 2)])
        #expect(machine.open.batch == 2 && machine.open.photos.isEmpty)
    }

    @Test func aBatchWithNoPhotoForTheTimeoutCompletesWithWhatItHas() {
        var machine = Machine(limit: 4, timeout: .seconds(60), batch: 7)
        _ = take("a", into: &machine, at: 0)
        _ = take("b", into: &machine, at: 30)
        // A wake-up for the first photo's deadline (asked for before the second came) changes
        // nothing: the one asked for last, the timeout counted from the newest, is still to come.
        #expect(machine.woke(at: at(60)) == [])
        #expect(machine.woke(at: at(90)) == [.complete(batch: 7, photos: ["a", "b"], because: .timeout, next: 8)])
        // The next group starts a strip of its own.
        #expect(take("c", into: &machine, at: 100) == [.show(batch: 8, photos: ["c"]), .wake(at: at(160))])
    }

    @Test func withoutATimeoutNothingWaits() {
        var machine = Machine(limit: 2, timeout: nil, batch: 1)
        #expect(take("a", into: &machine, at: 0) == [.show(batch: 1, photos: ["a"])])
        #expect(machine.woke(at: at(1_000_000)) == [])
    }

    @Test func aFileRefusedChangesNothing() {
        var machine = Machine(limit: 2, timeout: .seconds(60), batch: 1)
        _ = machine.arrived("portrait", at: at(0))
        #expect(machine.read("portrait", .refused, at: at(0)) == [])
        #expect(machine.reading == nil && machine.open.photos.isEmpty)
    }

    @Test func finishNowCompletesTheOpenBatchAndNothingWhenNoneIsOpen() {
        var machine = Machine(limit: 4, timeout: nil, batch: 3)
        #expect(machine.finishNow(at: at(0)) == [.nothingToFinish(batch: 3)])
        _ = take("a", into: &machine, at: 0)
        #expect(machine.finishNow(at: at(1)) == [.complete(batch: 3, photos: ["a"], because: .finishNow, next: 4)])
        #expect(machine.finishNow(at: at(2)) == [.nothingToFinish(batch: 4)])
    }

    @Test func aRetakeLeavesTheOpenBatchWhichIsShownAgainWithThePhotosLeft() {
        var machine = Machine(limit: 3, timeout: .seconds(60), batch: 1)
        _ = take("a", into: &machine, at: 0)
        _ = take("bad", into: &machine, at: 1)
        #expect(machine.gone("bad", at: at(2)) == [.rebuilt(batch: 1, removed: "bad", left: 1), .show(batch: 1, photos: ["a"])])
        _ = take("b", into: &machine, at: 3)
        // The retake counts towards the batch in its place: two more complete it, not one.
        #expect(take("c", into: &machine, at: 4) == [.complete(batch: 1, photos: ["a", "b", "c"], because: .full, next: 2)])
    }

    /// A source that says nothing of the photo before (a test's): the arrival under the name of
    /// a photo of the open batch still takes it out first.
    @Test func aPhotoArrivingUnderTheNameOfOneInTheBatchReplacesIt() {
        var machine = Machine(limit: 3, timeout: nil, batch: 1)
        _ = take("a", into: &machine, at: 0)
        _ = take("b", into: &machine, at: 1)
        #expect(machine.arrived("a", at: at(2)) == [.rebuilt(batch: 1, removed: "a", left: 1), .show(batch: 1, photos: ["b"]), .read("a")])
        #expect(machine.read("a", .taken("a"), at: at(2)) == [.show(batch: 1, photos: ["b", "a"])])
    }

    // Every moment a photo can go, against a strip of two with "a" in it and "b" to fill it.

    /// Gone before it is read: its arrival is the last thing the folder said, and its read finds
    /// no file (refused); the gone before it changes nothing.
    @Test func aPhotoGoneBeforeItsArrivalIsReadCompletesNothing() {
        var machine = Machine(limit: 2, timeout: nil, batch: 1)
        _ = take("a", into: &machine, at: 0)
        _ = machine.arrived("slow", at: at(1))
        #expect(machine.arrived("b", at: at(1)) == [])
        #expect(machine.waiting.items == [.arrival("b")])
        #expect(machine.gone("b", at: at(1)) == [])
        #expect(machine.waiting.isEmpty)
        #expect(machine.read("slow", .refused, at: at(2)) == [])
        #expect(machine.open.photos == ["a"] && machine.reading == nil)
    }

    /// Gone while it is read: its result is dropped, whatever it was, and says so.
    @Test func aPhotoGoneWhileItIsReadIsDropped() {
        var machine = Machine(limit: 2, timeout: nil, batch: 1)
        _ = take("a", into: &machine, at: 0)
        #expect(machine.arrived("b", at: at(1)) == [.read("b")])
        #expect(machine.gone("b", at: at(1)) == [])
        #expect(machine.read("b", .taken("b"), at: at(2)) == [.dropped("b", batch: 1)])
        #expect(machine.open.photos == ["a"])
        // The retake saved under its name is read, and completes the strip.
        #expect(take("b", into: &machine, at: 3) == [.complete(batch: 1, photos: ["a", "b"], because: .full, next: 2)])
    }

    /// A shot of the strip gone while the photo that would fill it is read: it leaves at once,
    /// so that photo completes nothing.
    @Test func aShotGoneWhileTheNextIsReadLeavesBeforeItCanCompleteTheStrip() {
        var machine = Machine(limit: 2, timeout: nil, batch: 1)
        _ = take("a", into: &machine, at: 0)
        _ = machine.arrived("b", at: at(1))
        #expect(machine.gone("a", at: at(1)) == [.rebuilt(batch: 1, removed: "a", left: 0), .withdraw(batch: 1)])
        #expect(machine.read("b", .taken("b"), at: at(2)) == [.show(batch: 1, photos: ["b"])])
    }

    /// Gone after it is read and before the strip completes: a retake.
    @Test func aPhotoGoneAfterItIsReadAndBeforeTheStripCompletesLeavesIt() {
        var machine = Machine(limit: 3, timeout: nil, batch: 1)
        _ = take("a", into: &machine, at: 0)
        _ = take("b", into: &machine, at: 1)
        #expect(machine.gone("b", at: at(2)) == [.rebuilt(batch: 1, removed: "b", left: 1), .show(batch: 1, photos: ["a"])])
    }

    /// Gone once the strip is complete: it stays as it is.
    @Test func aRemovalAfterCompletionChangesNothingAndSaysWhichCollage() {
        var machine = Machine(limit: 2, timeout: .seconds(60), batch: 1)
        _ = take("a", into: &machine, at: 0)
        _ = take("b", into: &machine, at: 1)
        _ = take("c", into: &machine, at: 2)
        #expect(machine.gone("a", at: at(3)) == [.unchanged("a", batch: 1)])
        #expect(machine.open.photos == ["c"])
        #expect(machine.gone("never-taken", at: at(3)) == [])
    }

    /// Finish now pressed while a photo is read: that photo is in the strip it finishes; a shot
    /// gone before the read's result still leaves it first.
    @Test func finishNowWhileAPhotoIsReadWaitsForItAndARemovalStillComesFirst() {
        var machine = Machine(limit: 4, timeout: nil, batch: 1)
        _ = take("a", into: &machine, at: 0)
        _ = take("b", into: &machine, at: 1)
        _ = machine.arrived("c", at: at(2))
        #expect(machine.finishNow(at: at(2)) == [])
        #expect(machine.gone("a", at: at(2)) == [.rebuilt(batch: 1, removed: "a", left: 1), .show(batch: 1, photos: ["b"])])
        #expect(machine.read("c", .taken("c"), at: at(3)) == [
            .show(batch: 1, photos: ["b", "c"]), .complete(batch: 1, photos: ["b", "c"], because: .finishNow, next: 2),
        ])
        // The photo finished now was read already: its going changes nothing.
        #expect(machine.gone("c", at: at(4)) == [.unchanged("c", batch: 1)])
    }

    /// Finish now while the only photo is read and then goes: nothing to finish.
    @Test func finishNowWhileTheOnlyPhotoIsReadAndGoesFinishesNothing() {
        var machine = Machine(limit: 4, timeout: nil, batch: 1)
        _ = machine.arrived("a", at: at(0))
        _ = machine.finishNow(at: at(0))
        _ = machine.gone("a", at: at(0))
        #expect(machine.read("a", .taken("a"), at: at(1)) == [.dropped("a", batch: 1), .nothingToFinish(batch: 1)])
    }

    /// The batch timeout passing while a photo is read waits for it: the photo joins the batch
    /// and puts the deadline off; a shot gone meanwhile leaves the batch first.
    @Test func theTimeoutWhileAPhotoIsReadWaitsForItsResult() {
        var machine = Machine(limit: 4, timeout: .seconds(60), batch: 1)
        _ = take("a", into: &machine, at: 0)
        _ = take("b", into: &machine, at: 1)
        _ = machine.arrived("c", at: at(61))
        #expect(machine.woke(at: at(61)) == [])
        #expect(machine.gone("b", at: at(61)) == [.rebuilt(batch: 1, removed: "b", left: 1), .show(batch: 1, photos: ["a"])])
        #expect(machine.read("c", .taken("c"), at: at(62)) == [.show(batch: 1, photos: ["a", "c"]), .wake(at: at(122))])
        #expect(machine.woke(at: at(122)) == [.complete(batch: 1, photos: ["a", "c"], because: .timeout, next: 2)])
    }

    /// The timeout passing while a photo is read that is refused (or gone): the batch completes
    /// with what it has, once the read is done.
    @Test func theTimeoutWhileARefusedPhotoIsReadCompletesTheBatchAfterIt() {
        var machine = Machine(limit: 4, timeout: .seconds(60), batch: 1)
        _ = take("a", into: &machine, at: 0)
        _ = machine.arrived("portrait", at: at(60))
        #expect(machine.woke(at: at(60)) == [])
        #expect(machine.read("portrait", .refused, at: at(61)) == [.complete(batch: 1, photos: ["a"], because: .timeout, next: 2)])
    }

    /// Arrivals while a photo is read wait in order; only the newest of a name, and one gone
    /// before its turn is never read.
    @Test func arrivalsWhileAPhotoIsReadWaitInOrderAndOneGoneIsNeverRead() {
        var machine = Machine(limit: 6, timeout: nil, batch: 1)
        _ = machine.arrived("a", at: at(0))
        for name in ["b", "c", "b", "d"] { _ = machine.arrived(name, at: at(0)) }
        #expect(machine.waiting.items == [.arrival("c"), .arrival("b"), .arrival("d")])
        _ = machine.gone("c", at: at(0))
        #expect(machine.read("a", .taken("a"), at: at(1)) == [.show(batch: 1, photos: ["a"]), .read("b")])
        #expect(machine.read("b", .taken("b"), at: at(1)) == [.show(batch: 1, photos: ["a", "b"]), .read("d")])
    }

    @Test func aBatchEmptiedByRetakesIsWithdrawnAndDoesNotTimeOut() {
        var machine = Machine(limit: 3, timeout: .seconds(60), batch: 1)
        _ = take("a", into: &machine, at: 0)
        #expect(machine.gone("a", at: at(1)) == [.rebuilt(batch: 1, removed: "a", left: 0), .withdraw(batch: 1)])
        #expect(machine.woke(at: at(60)) == [])
        #expect(machine.finishNow(at: at(60)) == [.nothingToFinish(batch: 1)])
        #expect(take("b", into: &machine, at: 70) == [.show(batch: 1, photos: ["b"]), .wake(at: at(130))])
    }

    @Test func aRestartedBoothReadsItsPhotosAgainShowsNothingAndWaits() {
        var machine = Machine(limit: 4, timeout: .seconds(60), batch: 5, resuming: ["x", "y"], completed: ["old": 4], nextBatch: { $0 + 2 })
        #expect(machine.started(at: at(0)) == [.read("x")])
        #expect(machine.read("x", .taken("x"), at: at(10)) == [.read("y")])
        // The collage's file already shows them: nothing is saved, the timeout counts from now.
        #expect(machine.read("y", .taken("y"), at: at(10)) == [.wake(at: at(70))])
        #expect(machine.gone("old", at: at(11)) == [.unchanged("old", batch: 4)])
        #expect(machine.woke(at: at(70)) == [.complete(batch: 5, photos: ["x", "y"], because: .timeout, next: 7)])
        #expect(machine.gone("y", at: at(71)) == [.unchanged("y", batch: 5)])
    }

    @Test func aPhotoDeletedWhileTheBoothWasStoppedIsLeftOutAndTheRestSavedAgain() {
        var machine = Machine(limit: 3, timeout: .seconds(60), batch: 2, resuming: ["x", "gone", "y"])
        _ = machine.started(at: at(0))
        #expect(machine.read("x", .taken("x"), at: at(0)) == [.read("gone")])
        #expect(machine.read("gone", .refused, at: at(0)) == [.read("y")])
        #expect(machine.read("y", .taken("y"), at: at(0)) == [.rebuilt(batch: 2, removed: "gone", left: 2), .show(batch: 2, photos: ["x", "y"]),
                                                               .wake(at: at(60))])
        // A new photo joins it, and completes it.
        #expect(take("z", into: &machine, at: 5) == [.complete(batch: 2, photos: ["x", "y", "z"], because: .full, next: 3)])
    }

    /// Across a restart: a resumed photo gone while it is read again, one gone before its turn,
    /// and one gone once read but before the others are: each leaves the collage, which is made
    /// again once every resumed photo is read; an arrival meanwhile waits for them.
    @Test func resumedPhotosGoneAtEveryMomentLeaveTheResumedCollage() {
        var machine = Machine(limit: 6, timeout: .seconds(60), batch: 2, resuming: ["w", "x", "y", "z"])
        #expect(machine.started(at: at(0)) == [.read("w")])
        _ = machine.arrived("new", at: at(0))
        #expect(machine.gone("w", at: at(0)) == [])
        #expect(machine.gone("y", at: at(0)) == [])
        #expect(machine.read("w", .taken("w"), at: at(1)) == [.read("x")])
        #expect(machine.read("x", .taken("x"), at: at(1)) == [.read("z")])
        #expect(machine.gone("x", at: at(1)) == [])
        #expect(machine.read("z", .taken("z"), at: at(1)) == [
            .rebuilt(batch: 2, removed: "y", left: 3), .rebuilt(batch: 2, removed: "w", left: 2), .rebuilt(batch: 2, removed: "x", left: 1),
            .show(batch: 2, photos: ["z"]), .wake(at: at(61)), .read("new"),
        ])
        #expect(machine.read("new", .taken("new"), at: at(2)) == [.show(batch: 2, photos: ["z", "new"]), .wake(at: at(62))])
    }

    @Test func aPhotoGoneFromTheFolderWhileStoppedLeavesTheResumedCollage() {
        var machine = Machine(limit: 3, timeout: .seconds(60), batch: 2, resuming: ["x"], gone: ["y"])
        #expect(machine.started(at: at(0)) == [.read("x")])
        #expect(machine.read("x", .taken("x"), at: at(0)) == [.rebuilt(batch: 2, removed: "y", left: 1), .show(batch: 2, photos: ["x"]),
                                                               .wake(at: at(60))])
        var emptied = Machine(limit: 3, timeout: .seconds(60), batch: 2, gone: ["x"])
        #expect(emptied.started(at: at(0)) == [.rebuilt(batch: 2, removed: "x", left: 0), .withdraw(batch: 2)])
    }

    @Test func aFreshBoothHasNothingToRead() {
        var machine = Machine(limit: 4, timeout: .seconds(60), batch: 1)
        #expect(machine.started(at: at(0)) == [])
    }

    @Test func changesInAThrottleWindowAreShownOnceAtItsEnd() {
        var machine = Machine(limit: 6, timeout: nil, interval: .seconds(1), batch: 1)
        #expect(take("a", into: &machine, at: 0) == [.show(batch: 1, photos: ["a"])])
        #expect(take("b", into: &machine, at: 0) == [.wake(at: at(1))])
        #expect(take("c", into: &machine, at: 0) == [])
        #expect(machine.woke(at: at(1)) == [.show(batch: 1, photos: ["a", "b", "c"])])
        // A quiet window ends the throttle: the next change is shown at once.
        #expect(machine.woke(at: at(2)) == [])
        #expect(take("d", into: &machine, at: 5) == [.show(batch: 1, photos: ["a", "b", "c", "d"])])
    }

    @Test func theSourcesEndSavesAChangeNotSavedYet() {
        var shown = Machine(limit: 6, timeout: nil, interval: .seconds(1), batch: 1)
        _ = take("a", into: &shown, at: 0)
        #expect(shown.ended(at: at(0)) == [.over])
        var machine = Machine(limit: 6, timeout: nil, interval: .seconds(1), batch: 1)
        _ = take("a", into: &machine, at: 0)
        _ = take("b", into: &machine, at: 0)
        #expect(machine.ended(at: at(0)) == [.last(batch: 1, photos: ["a", "b"]), .over])
        var failing = Machine(limit: 6, timeout: nil, batch: 1)
        _ = take("a", into: &failing, at: 0)
        failing.saveFailed()
        #expect(failing.ended(at: at(0)) == [.last(batch: 1, photos: ["a"]), .over])
    }

    /// The source ending while a photo is read: the photo is taken first; the end is told once
    /// what its read brought is carried out (a save of it that failed is then known).
    @Test func theSourcesEndWhileAPhotoIsReadWaitsForIt() {
        var machine = Machine(limit: 6, timeout: nil, interval: .seconds(1), batch: 1)
        _ = take("a", into: &machine, at: 0)
        _ = machine.arrived("b", at: at(0))
        #expect(machine.ended(at: at(0)) == [])
        #expect(machine.read("b", .taken("b"), at: at(0)) == [.wake(at: at(1)), .endOfSource])
        #expect(machine.ended(at: at(0)) == [.last(batch: 1, photos: ["a", "b"]), .over])
        // The photo's save failed before the end was told: saved again for good.
        var failing = Machine(limit: 6, timeout: nil, batch: 1)
        _ = failing.arrived("a", at: at(0))
        _ = failing.ended(at: at(0))
        #expect(failing.read("a", .taken("a"), at: at(0)) == [.show(batch: 1, photos: ["a"]), .endOfSource])
        failing.saveFailed()
        #expect(failing.ended(at: at(0)) == [.last(batch: 1, photos: ["a"]), .over])
    }
}
