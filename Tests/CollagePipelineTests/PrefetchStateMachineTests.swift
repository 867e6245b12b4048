import Testing
@testable import CollagePipeline

/// `build`'s read-ahead rules by value: which files start, and which decodes fit the budget.
@Suite("PrefetchStateMachine: read-ahead and the memory budget, by value")
struct PrefetchStateMachineTests {
    @Test func depthFilesReadAtOnceAndNoMoreThanTwiceDepthLessOneAhead() {
        var rules = PrefetchStateMachine(files: 10, depth: 2, limit: 6, memory: 100)
        #expect(rules.ask(inOrder: true) == .take(0, starting: [0, 1]))
        #expect(rules.finished(0, refused: false) == [2])
        #expect(rules.finished(1, refused: false) == [])  // files 1 to 3 would be three ahead of file 0
        #expect(rules.ask(inOrder: true) == .take(1, starting: [3]))
        #expect(rules.reading == 2)
    }

    @Test func noFileStartsThatThePhotosStillToTakeCouldNotUse() {
        var rules = PrefetchStateMachine(files: 5, depth: 4, limit: 2, memory: 100)
        #expect(rules.ask(inOrder: true) == .take(0, starting: [0, 1]))
        // File 1's header rules it out: it takes no room, so file 2 may start.
        #expect(rules.finished(1, refused: true) == [2])
        rules.taken = 1
        #expect(rules.finished(0, refused: false) == [])
        #expect(rules.ask(inOrder: true) == .take(1, starting: []))
    }

    @Test func aFileAskedOutOfOrderStopsTheReadAhead() {
        var rules = PrefetchStateMachine(files: 3, depth: 2, limit: 6, memory: 100)
        #expect(rules.ask(inOrder: false) == .readDirectly(0))
        #expect(rules.ask(inOrder: true) == .readDirectly(1))
        #expect(rules.finished(0, refused: false) == [])
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

    @Test func afterStopNothingMoreStarts() {
        var rules = PrefetchStateMachine(files: 6, depth: 2, limit: 6, memory: 100)
        #expect(rules.ask(inOrder: true) == .take(0, starting: [0, 1]))
        rules.stop()
        #expect(rules.finished(0, refused: false) == [])
        #expect(rules.ask(inOrder: true) == .readDirectly(1))
    }
}
