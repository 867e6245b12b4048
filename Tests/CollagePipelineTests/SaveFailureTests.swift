import CollageJournal
import CollageEvents
import CollageCodecs
import CollageCanvas
import CollageCore
import CollageImaging
import CollageLocking
import CollagePipeline
import CollageSources
import CollageTestSupport
import Testing
import CollageWriting
import CollageSaving
import CollageFiles

/// A disk that fills up: fails the saves a test chooses, by how many photos the collage holds
/// (the throttle may coalesce selections, never skip the first or the newest), and saves the
/// others in memory.
final class FailingSink: CollageSink {
    let memory = InMemorySink()
    /// Photo count → how many more saves of a collage with that many photos fail.
    private let failures: Locked<[Int: Int]>

    init(failing: [Int: Int]) {
        failures = Locked(failing)
    }

    static var full: WriteError { .file(FileError(path: "collage-1", action: "write", reason: "No space left on device")) }

    func save(_ selection: Selection, batch: Int) -> Single<SavedCollage> {
        Single { [self] in
            let fails = failures.withLock { failures in
                guard let left = failures[selection.count], left > 0 else { return false }
                failures[selection.count] = left - 1
                return true
            }
            if fails { throw Self.full }
            return try await memory.save(selection, batch: batch).value
        }
    }

    func withdraw(batch: Int) async throws -> PathName? { try await memory.withdraw(batch: batch) }

    func destination(forBatch batch: Int) -> CollageDestination { memory.destination(forBatch: batch) }
}

@Suite("A failed save in watch: reported, kept watching, the final collage retried (virtual time)", .timeLimit(.minutes(1)))
struct SaveFailureTests {
    func session(_ count: Int, _ sink: FailingSink, _ clock: ManualClock, _ log: RecordedEvents, batches: Bool = false,
                 start: BoothStart = BoothStart()) -> WatchSession<ManualClock> {
        let photos = InMemoryPhotos(Dictionary(uniqueKeysWithValues: (1...count).map { ("p\($0)", .landscape(seed: $0)) }))
        let flow = CollageFlow(reader: photos, layout: Layout(canvas: PixelSize(width: 600, height: 400)), log: log.record)
        return WatchSession(flow: flow, sink: sink, interval: .zero, clock: clock, batches: batches, start: start)
    }

    /// An instant on the manual clock, in milliseconds from its start.
    func at(_ milliseconds: Int) -> ManualClock.Instant { ManualClock.Instant(.milliseconds(milliseconds)) }

    @Test func aFailedSaveIsReportedAndTheNextChangeSavesAgain() async throws {
        try await withDeadline {
            let source = TestSource<FolderChange>(), clock = ManualClock(), sink = FailingSink(failing: [1: 1]), log = RecordedEvents()
            async let running = session(6, sink, clock, log).run(source)
            source.send(.arrived(PhotoFile("p1")))
            await source.untilAsked()
            source.send(.arrived(PhotoFile("p2")))
            await source.untilAsked()
            source.finish()
            let outcome = try await running
            #expect(outcome == .sourceEnded(InMemorySink.saved(1)))
            #expect(log.lines.filter { !$0.hasSuffix("added") } == [
                "not saved collage-1 (1, batch 1): cannot write collage-1: No space left on device",
                "saved collage-1 (2, batch 1)",
            ])
            #expect(sink.memory.history.map(\.photos) == [["p1", "p2"]])
        }
    }

    @Test func theFinalCollageIsTriedAgainAfterHalfASecondThenASecond() async throws {
        try await withDeadline {
            let source = TestSource<FolderChange>(), clock = ManualClock(), sink = FailingSink(failing: [6: 2]), log = RecordedEvents()
            async let running = session(6, sink, clock, log).run(source)
            for n in 1...6 {
                source.send(.arrived(PhotoFile("p\(n)")))
                if n < 6 { await source.untilAsked() }
            }
            await clock.untilSleeping()
            #expect(clock.deadlines == [at(500)])  // the first failure: half a second's wait
            clock.advance(by: .milliseconds(499))
            #expect(clock.deadlines == [at(500)])  // still waiting a millisecond before
            clock.advance(by: .milliseconds(1))  // the second attempt fails too: a second's wait
            await clock.untilSleeping()
            #expect(clock.deadlines == [at(1500)])
            clock.advance(by: .seconds(1))
            let outcome = try await running
            #expect(outcome == .complete(InMemorySink.saved(1)))
            #expect(log.lines.filter { $0.hasPrefix("not saved") || $0.hasPrefix("saved") }.suffix(3) == [
                "not saved collage-1 (6, batch 1): cannot write collage-1: No space left on device, again in 0.5 seconds",
                "not saved collage-1 (6, batch 1): cannot write collage-1: No space left on device, again in 1.0 seconds",
                "saved collage-1 (6, batch 1)",
            ])
            #expect(clock.now.offset == .milliseconds(1500))
        }
    }

    @Test func theFourthAttemptCanStillSaveAndIsReported() async throws {
        try await withDeadline {
            let source = TestSource<FolderChange>(), clock = ManualClock(), sink = FailingSink(failing: [6: 3]), log = RecordedEvents()
            async let running = session(6, sink, clock, log).run(source)
            for n in 1...6 {
                source.send(.arrived(PhotoFile("p\(n)")))
                if n < 6 { await source.untilAsked() }
            }
            for (delay, deadline) in [(500, 500), (1000, 1500), (2000, 3500)] {
                await clock.untilSleeping()
                #expect(clock.deadlines == [at(deadline)])
                clock.advance(by: .milliseconds(delay))
            }
            let outcome = try await running
            #expect(outcome == .complete(InMemorySink.saved(1)))
            #expect(log.lines.last == "saved collage-1 (6, batch 1)")
        }
    }

    @Test func theFinalCollageGivesUpAfterFourAttempts() async throws {
        try await withDeadline {
            let source = TestSource<FolderChange>(), clock = ManualClock(), sink = FailingSink(failing: [1: 5]), log = RecordedEvents()
            async let running = session(6, sink, clock, log, batches: true).run(source)
            source.send(.arrived(PhotoFile("p1")))
            await source.untilAsked()
            source.finish()  // stopped: the unsaved newest selection is the session's final collage
            for (delay, deadline) in [(500, 500), (1000, 1500), (2000, 3500)] {
                await clock.untilSleeping()
                #expect(clock.deadlines == [at(deadline)])
                clock.advance(by: .milliseconds(delay))
            }
            let outcome: Result<WatchSession<ManualClock>.Outcome, any Error>
            do { outcome = .success(try await running) } catch { outcome = .failure(error) }
            #expect(throws: FailingSink.full) { try outcome.get() }
            // Once when it was made (the next change would save it), then three times retried; the
            // last failure is the error the command exits with.
            #expect(log.lines.filter { $0.hasPrefix("not saved") }.count == 4)
            #expect(sink.memory.history.isEmpty)
        }
    }

    @Test func aFailureInTheMiddleOfABoothLosesNoPhoto() async throws {
        try await withDeadline {
            let source = TestSource<FolderChange>(), clock = ManualClock(), sink = FailingSink(failing: [3: 1]), log = RecordedEvents()
            async let running = session(8, sink, clock, log, batches: true).run(source)
            for n in 1...8 {
                source.send(.arrived(PhotoFile("p\(n)")))
                await source.untilAsked()
            }
            source.finish()
            _ = try await running
            // The failure was injected: the third photo's save did fail, and was reported.
            #expect(log.lines.contains("not saved collage-1 (3, batch 1): cannot write collage-1: No space left on device"))
            let finals = Dictionary(grouping: sink.memory.history, by: \.batch).mapValues { $0.last!.photos }
            #expect(finals == [1: (1...6).map { "p\($0)" }, 2: ["p7", "p8"]])
        }
    }

    @Test func aResumedCollageIsSavedOnlyOnceItHoldsMoreAndNumberingSkipsAsTold() async throws {
        try await withDeadline {
            let source = TestSource<FolderChange>(), clock = ManualClock(), sink = FailingSink(failing: [:]), log = RecordedEvents()
            let start = BoothStart(batch: 3, files: [PhotoFile("p1"), PhotoFile("p2")], nextBatch: { $0 == 3 ? 5 : $0 + 1 })
            async let running = session(9, sink, clock, log, batches: true, start: start).run(source)
            await source.untilAsked()  // p1 and p2 went through first, and nothing was saved for them
            #expect(sink.memory.history.isEmpty)
            // p1 offered again by the folder is not taken twice.
            for name in ["p1", "p3", "p4", "p5", "p6", "p7"] {
                source.send(.arrived(PhotoFile(name)))
                await source.untilAsked()
            }
            source.finish()
            _ = try await running
            let finals = Dictionary(grouping: sink.memory.history, by: \.batch).mapValues { $0.last!.photos }
            #expect(finals == [3: (1...6).map { "p\($0)" }, 5: ["p7"]])
            #expect(sink.memory.history.first?.photos == ["p1", "p2", "p3"])
            #expect(!log.lines.contains { $0.hasPrefix("p1: duplicate") })
        }
    }
}
