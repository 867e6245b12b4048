@testable import CollagePipeline
import Testing

@Suite("Throttle rules, with values")
struct ThrottleStateMachineTests {
    typealias Machine = ThrottleStateMachine<Int, ContinuousClock.Instant>
    let t0 = ContinuousClock.now
    func at(_ ms: Int) -> ContinuousClock.Instant { t0.advanced(by: .milliseconds(ms)) }

    func emitted(_ action: Machine.Action) -> Int? {
        if case .emit(let element, _) = action { return element }
        return nil
    }

    @Test func firstElementGoesOutAtOnceAndOpensAWindow() {
        var machine = Machine(interval: .milliseconds(500))
        guard case .emit(1, let end) = machine.received(1, at: at(0)) else { Issue.record("not emitted"); return }
        #expect(end == at(500))
    }

    @Test func aWindowKeepsOnlyTheNewestAndEmitsItAtItsEnd() {
        var machine = Machine(interval: .milliseconds(500))
        _ = machine.received(1, at: at(0))
        for (i, ms) in [(2, 20), (3, 40), (4, 60)] { #expect(emitted(machine.received(i, at: at(ms))) == nil) }
        #expect(emitted(machine.windowEnded(at: at(500))) == 4)
        // Nothing new in the next window: the throttle goes idle, and the next element is immediate.
        #expect(emitted(machine.windowEnded(at: at(1000))) == nil)
        #expect(emitted(machine.received(5, at: at(1200))) == 5)
    }

    @Test func aTimerThatFiresEarlyChangesNothing() {
        var machine = Machine(interval: .milliseconds(500))
        _ = machine.received(1, at: at(0))
        _ = machine.received(2, at: at(10))
        #expect(emitted(machine.windowEnded(at: at(499))) == nil)
        #expect(emitted(machine.windowEnded(at: at(500))) == 2)
    }

    @Test func anArrivalAfterTheWindowEndedBeforeItsTimerRanIsJudgedByTheClock() {
        var machine = Machine(interval: .milliseconds(500))
        _ = machine.received(1, at: at(0))
        _ = machine.received(2, at: at(100))
        // 3 arrives at 600 ms; the timer for 500 ms has not run: 2 goes out now, 3 waits.
        #expect(emitted(machine.received(3, at: at(600))) == 2)
        #expect(emitted(machine.windowEnded(at: at(500))) == nil)  // the stale timer
        #expect(emitted(machine.windowEnded(at: at(1100))) == 3)
        // Overdue and empty: the arrival is simply the first of a new window.
        #expect(emitted(machine.windowEnded(at: at(1600))) == nil)
        var quiet = Machine(interval: .milliseconds(500))
        _ = quiet.received(1, at: at(0))
        #expect(emitted(quiet.received(2, at: at(700))) == 2)
    }

    @Test func theEndFlushesTheNewest() {
        var machine = Machine(interval: .milliseconds(500))
        _ = machine.received(1, at: at(0))
        _ = machine.received(2, at: at(10))
        guard case .finish(2) = machine.upstreamFinished() else { Issue.record("not flushed"); return }
        guard case .none = machine.received(3, at: at(20)) else { Issue.record("emitted after the end"); return }
    }

    @Test func anIdleEndFinishesEmpty() {
        var machine = Machine(interval: .milliseconds(500))
        guard case .finish(nil) = machine.upstreamFinished() else { Issue.record("expected an empty finish"); return }
    }
}
