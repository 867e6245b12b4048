@testable import CollagePipeline
import CollageTestSupport
import Testing

@Suite("Booth sessions: timeout, finish now, retakes, with values on a manual clock")
struct BatchStateMachineTests {
    typealias Machine = BatchStateMachine<String, ManualClock.Instant>
    func at(_ seconds: Int) -> ManualClock.Instant { ManualClock.Instant(.seconds(seconds)) }

    @Test func aBatchIsCompleteWhenItHoldsItsCellsWorth() {
        var machine = Machine(limit: 3, timeout: .seconds(60), batch: 1)
        #expect(machine.added("a", at: at(0)) == .wait(until: at(60)))
        #expect(machine.added("b", at: at(1)) == .wait(until: at(61)))
        #expect(machine.added("c", at: at(2)) == .complete(batch: 1, photos: ["a", "b", "c"], because: .full, next: 2))
        #expect(machine.open == Machine.Open(batch: 2, photos: [], deadline: nil))
    }

    @Test func aBatchWithNoPhotoForTheTimeoutCompletesWithWhatItHas() {
        var machine = Machine(limit: 4, timeout: .seconds(60), batch: 7)
        _ = machine.added("a", at: at(0))
        _ = machine.added("b", at: at(30))
        // The first photo's wake-up comes before the timeout counted from the newest: nothing.
        #expect(machine.deadlinePassed(at: at(60)) == .none)
        #expect(machine.deadlinePassed(at: at(90)) == .complete(batch: 7, photos: ["a", "b"], because: .timeout, next: 8))
        // The next group starts a strip of its own.
        #expect(machine.added("c", at: at(100)) == .wait(until: at(160)))
        #expect(machine.open.batch == 8 && machine.open.photos == ["c"])
    }

    @Test func withoutATimeoutNothingWaits() {
        var machine = Machine(limit: 2, timeout: nil, batch: 1)
        #expect(machine.added("a", at: at(0)) == .none)
        #expect(machine.deadlinePassed(at: at(1_000_000)) == .none)
    }

    @Test func finishNowCompletesTheOpenBatchAndNothingWhenNoneIsOpen() {
        var machine = Machine(limit: 4, timeout: nil, batch: 3)
        #expect(machine.finishNow() == .nothingToFinish(batch: 3))
        _ = machine.added("a", at: at(0))
        #expect(machine.finishNow() == .complete(batch: 3, photos: ["a"], because: .finishNow, next: 4))
        #expect(machine.finishNow() == .nothingToFinish(batch: 4))
    }

    @Test func aRetakeLeavesTheOpenBatchWhichIsRebuilt() {
        var machine = Machine(limit: 3, timeout: .seconds(60), batch: 1)
        _ = machine.added("a", at: at(0))
        _ = machine.added("bad", at: at(1))
        #expect(machine.removed("bad") == .rebuild(batch: 1, photos: ["a"], removed: "bad"))
        _ = machine.added("b", at: at(2))
        // The retake counts towards the batch in its place: two more complete it, not one.
        #expect(machine.added("c", at: at(3)) == .complete(batch: 1, photos: ["a", "b", "c"], because: .full, next: 2))
    }

    @Test func aBatchEmptiedByRetakesDoesNotTimeOut() {
        var machine = Machine(limit: 3, timeout: .seconds(60), batch: 1)
        _ = machine.added("a", at: at(0))
        #expect(machine.removed("a") == .rebuild(batch: 1, photos: [], removed: "a"))
        #expect(machine.deadlinePassed(at: at(60)) == .none)
        #expect(machine.finishNow() == .nothingToFinish(batch: 1))
    }

    @Test func aRemovalAfterCompletionChangesNothingAndSaysWhichCollage() {
        var machine = Machine(limit: 2, timeout: .seconds(60), batch: 1)
        _ = machine.added("a", at: at(0))
        _ = machine.added("b", at: at(1))
        _ = machine.added("c", at: at(2))
        #expect(machine.removed("a") == .unchanged("a", batch: 1))
        #expect(machine.open.photos == ["c"])
        #expect(machine.removed("never-taken") == .none)
    }

    @Test func aRestartedBoothKnowsItsCompletedPhotosAndWaitsForTheResumedBatch() {
        var machine = Machine(limit: 4, timeout: .seconds(60), batch: 5, photos: ["x", "y"], completed: ["old": 4], nextBatch: { $0 + 2 })
        #expect(machine.resumed(at: at(10)) == .wait(until: at(70)))
        #expect(machine.removed("old") == .unchanged("old", batch: 4))
        #expect(machine.deadlinePassed(at: at(70)) == .complete(batch: 5, photos: ["x", "y"], because: .timeout, next: 7))
        #expect(machine.removed("y") == .unchanged("y", batch: 5))
    }

    @Test func aFreshBoothHasNothingToWaitFor() {
        var machine = Machine(limit: 4, timeout: .seconds(60), batch: 1)
        #expect(machine.resumed(at: at(0)) == .none)
    }
}
