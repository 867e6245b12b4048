@testable import CollagePipeline
import CollageFiles
import CollageSources
import CollageTestSupport
import Testing

/// The session's one input stream: everything comes out in the order it went in, whichever
/// feeder sent it (the folder, finish now, the clock's wake-up), and what came while the driver
/// was busy is drained in that order.
@Suite("SessionInputs: the folder's changes, finish now and wake-ups in the order they came", .timeLimit(.minutes(1)))
struct SessionInputsTests {
    let source = TestSource<FolderChange>(), clock = ManualClock(), finish = FinishRequests()

    /// Waits until `count` inputs wait in the mailbox, then takes them all at once.
    func drained(_ inputs: SessionInputs<ManualClock>, count: Int) async -> [SessionInput] {
        while inputs.waiting < count { await Task.yield() }
        return inputs.drain()
    }

    /// A shot gone just before the batch timeout: its removal is taken first, so the machine
    /// makes the strip again without it before the timeout completes it.
    @Test func aPhotoGoneBeforeTheDeadlineComesBeforeIt() async throws {
        try await withDeadline {
            let inputs = SessionInputs(source, finish: finish, clock: clock)
            defer { inputs.stop() }
            source.send(.gone(PhotoFile("p1")))
            await source.untilAsked()
            inputs.wake(at: clock.now.advanced(by: .seconds(60)))
            await clock.untilSleeping()
            clock.advance(by: .seconds(60))
            finish.send()
            let taken = await drained(inputs, count: 3)
            #expect(taken.first == .change(.gone(PhotoFile("p1"))))
            #expect(Set(taken.dropFirst().map { "\($0)" }) == ["deadline", "finishNow"])
        }
    }

    /// The folder's changes keep their order; its end comes last; a waiting `next()` gets what
    /// is sent, and stopping ends it.
    @Test func theFoldersChangesComeInOrderThenItsEnd() async throws {
        try await withDeadline {
            let inputs = SessionInputs(source, finish: nil, clock: clock)
            let changes: [FolderChange] = [.arrived(PhotoFile("a")), .gone(PhotoFile("a")), .arrived(PhotoFile("a")), .arrived(PhotoFile("b"))]
            for change in changes { source.send(change) }
            source.finish()
            var taken: [SessionInput] = []
            while let input = await inputs.next() {
                taken.append(input)
                if input == .ended { break }
            }
            #expect(taken == changes.map(SessionInput.change) + [.ended])
            async let waiting = inputs.next()
            inputs.stop()
            #expect(await waiting == nil)
        }
    }

    /// The machine, given a shot gone then the deadline (as the inputs give them): the strip
    /// completes without the shot.
    @Test func theMachineCompletesTheStripWithoutAShotGoneJustBeforeTheTimeout() {
        typealias Machine = SessionStateMachine<Shot, ManualClock.Instant>
        var machine = Machine(limit: 4, timeout: .seconds(60), batch: 1)
        let at = { (seconds: Int) in ManualClock.Instant(.seconds(seconds)) }
        for (name, time) in [("a", 0), ("b", 1)] {
            _ = machine.arrived(name, at: at(time))
            _ = machine.read(name, .taken(Shot(stringLiteral: name)), at: at(time))
        }
        #expect(machine.gone("b", at: at(60)) == [.rebuilt(batch: 1, removed: "b", left: 1), .show(batch: 1, photos: ["a"])])
        #expect(machine.woke(at: at(61)) == [.complete(batch: 1, photos: ["a"], because: .timeout, next: 2)])
    }
}
