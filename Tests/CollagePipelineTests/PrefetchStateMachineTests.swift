import Testing
@testable import CollagePipeline

/// The read-ahead's rules by value: which files start, and which decodes fit the budget.
@Suite("PrefetchStateMachine: read-ahead and the memory budget, by value")
struct PrefetchStateMachineTests {
    typealias Ask = PrefetchStateMachine.Ask

    @Test func depthFilesReadAtOnceAndNoMoreThanTwiceDepthLessOneAhead() {
        var rules = PrefetchStateMachine(files: 10, depth: 2, limit: 6, memory: 100)
        #expect(rules.ask() == Ask(index: 0, starting: [0, 1]))
        #expect(rules.finished(0, refused: false) == [2])
        #expect(rules.finished(1, refused: false) == [])  // files 1 to 3 would be three ahead of file 0
        #expect(rules.ask() == Ask(index: 1, starting: [3]))
        #expect(rules.reading == 2)
    }

    @Test func noFileStartsThatThePhotosStillToTakeCouldNotUse() {
        var rules = PrefetchStateMachine(files: 5, depth: 4, limit: 2, memory: 100)
        #expect(rules.ask() == Ask(index: 0, starting: [0, 1]))
        // File 1's header rules it out: it takes no room, so file 2 may start.
        #expect(rules.finished(1, refused: true) == [2])
        rules.taken = 1
        #expect(rules.finished(0, refused: false) == [])
        #expect(rules.ask() == Ask(index: 1, starting: []))
    }

    /// Pages and `inspect` take every photo: no room rule, only the depth and how far ahead.
    @Test func withoutALimitEveryFileIsReadAheadWithinTheDepth() {
        var rules = PrefetchStateMachine(files: 6, depth: 2, limit: nil, memory: 100)
        rules.taken = 1_000
        #expect(rules.ask() == Ask(index: 0, starting: [0, 1]))
        #expect(rules.finished(0, refused: false) == [2])
        #expect(rules.ask() == Ask(index: 1, starting: []))
        #expect(rules.finished(1, refused: false) == [3])
    }

    @Test func afterTheLastFileNothingIsHandedOver() {
        var rules = PrefetchStateMachine(files: 2, depth: 4, limit: 6, memory: 100)
        #expect(rules.ask() == Ask(index: 0, starting: [0, 1]))
        #expect(rules.ask() == Ask(index: 1, starting: []))
        #expect(rules.ask() == nil)
    }

    @Test func decodesWaitForRoomEarliestFirstAndOneAloneAlwaysRuns() {
        var rules = PrefetchStateMachine(files: 4, depth: 4, limit: 6, memory: 100)
        #expect(rules.reserve(60, for: 0) == true)
        #expect(rules.reserve(60, for: 2) == false)
        #expect(rules.reserve(10, for: 1) == false)  // it fits, but an earlier-asked one waits: no overtaking
        #expect(rules.release(60) == [1, 2])
        #expect(rules.committed == 70)
        #expect(rules.release(10) == [])
        #expect(rules.release(60) == [])
        #expect(rules.reserve(500, for: 3) == true)  // over the budget alone, yet nothing else runs
    }

    @Test func afterStopNothingMoreStartsOrIsHandedOver() {
        var rules = PrefetchStateMachine(files: 6, depth: 2, limit: 6, memory: 100)
        #expect(rules.ask() == Ask(index: 0, starting: [0, 1]))
        rules.stop()
        #expect(rules.finished(0, refused: false) == [])
        #expect(rules.ask() == nil)
    }
}
