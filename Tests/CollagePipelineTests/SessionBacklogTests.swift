@testable import CollagePipeline
import Testing

/// What waits for the file being read: order kept, the newest arrival of a name counts (a resumed
/// name keeps its place too), a name gone never read, one wake-up however many came; and a flood
/// costs constant time an input.
@Suite("SessionBacklog: what waits for the read, in order, in constant time")
struct SessionBacklogTests {
    @Test func arrivalsKeepTheirOrderAndOnlyTheNewestOfANameCounts() {
        var backlog = SessionBacklog<String>()
        for name in ["a", "b", "a", "c"] { backlog.append(arrival: name) }
        backlog.append(.finishNow)
        #expect(backlog.items == [.arrival("b"), .arrival("a"), .arrival("c"), .finishNow])
        let (first, again) = (backlog.removeArrivals(of: "b"), backlog.removeArrivals(of: "b"))
        #expect(first && !again && !backlog.waits("b"))
        var taken: [SessionBacklog<String>.Item?] = []
        for _ in 1...4 { taken.append(backlog.popFirst()) }
        #expect(taken == [.arrival("a"), .arrival("c"), .finishNow, nil])
        #expect(backlog.isEmpty)
    }

    @Test func aResumedNameKeepsItsPlaceBesideANewerArrival() {
        var backlog = SessionBacklog<String>()
        backlog.append(arrival: "x", keepingEarlier: true)
        backlog.append(arrival: "y")
        backlog.append(arrival: "x", keepingEarlier: true)
        #expect(backlog.items == [.arrival("x"), .arrival("y"), .arrival("x")])
        let popped = backlog.popFirst()
        #expect(popped == .arrival("x") && backlog.waits("x"))
        let removed = backlog.removeArrivals(of: "x")
        #expect(removed)
        #expect(backlog.items == [.arrival("y")])
    }

    @Test func oneWakeUpWaitsHoweverManyCame() {
        var backlog = SessionBacklog<String>()
        backlog.append(.wakeUp)
        backlog.append(arrival: "a")
        backlog.append(.wakeUp)
        backlog.append(.end)
        #expect(backlog.items == [.wakeUp, .arrival("a"), .end])
        _ = backlog.popFirst()
        backlog.append(.wakeUp)
        #expect(backlog.items == [.arrival("a"), .end, .wakeUp])
    }

    /// 100,000 arrivals, each name twice, then taken: linear, not quadratic (a quadratic backlog
    /// does 10^10 steps here, and this test's time limit ends it).
    @Test(.timeLimit(.minutes(1))) func aFloodIsTakenInOrderWithTheNewestOfEachName() {
        var backlog = SessionBacklog<Int>()
        for _ in 0..<2 { for name in 0..<50_000 { backlog.append(arrival: name * 2) } }
        var taken: [Int] = []
        while case .arrival(let name)? = backlog.popFirst() { taken.append(name) }
        #expect(taken == (0..<50_000).map { $0 * 2 })
    }
}
