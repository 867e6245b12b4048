import CollageJournal
import CollageCanvas
import CollageCore
import CollageFiles
import CollageImaging
import CollagePipeline
import CollageSources
import CollageTestSupport
import Testing

/// A booth's session in process (`WatchSession` with batches, its `SessionDriver` and
/// `SessionStateMachine`): a test source of folder changes, a manual clock and `FinishRequests`,
/// no file and no real second. Strips of four, a 60 s batch timeout.
@Suite("The booth's session in virtual time: timeout, finish now, retakes, restart", .timeLimit(.minutes(1)))
struct BoothSessionTests {
    let timeout = Duration.seconds(60)
    let source = TestSource<FolderChange>(), clock = ManualClock(), sink = InMemorySink()
    let finish = FinishRequests(), events = RecordedEvents()

    static let photos = InMemoryPhotos(Dictionary(uniqueKeysWithValues: (1...9).map { ("p\($0)", .landscape(seed: $0)) }),
                                       size: PixelSize(width: 120, height: 90))

    func session(start: BoothStart = BoothStart(), reader: any PhotoReader = BoothSessionTests.photos) -> WatchSession<ManualClock> {
        let flow = CollageFlow(reader: reader, layout: Layout(canvas: PixelSize(width: 300, height: 200), limit: 4), copies: .keepFirst,
                               log: events.record)
        return WatchSession(flow: flow, sink: sink, interval: .zero, clock: clock, batches: true, start: start,
                            batchTimeout: timeout, finish: finish)
    }

    /// Sends photos one by one, each handed to the session before the next.
    func send(_ names: String...) async {
        for name in names {
            source.send(.arrived(PhotoFile(name)))
            await source.untilAsked()
        }
    }

    /// The next save, skipping none.
    func nextSave(_ saves: inout AsyncStream<InMemorySink.Save>.Iterator) async -> InMemorySink.Save? {
        await saves.next()
    }

    /// Waits until the batch timeout's wake-up is asleep on the clock, for `at`.
    func untilTimerIsSet(for at: Duration) async {
        while !clock.deadlines.contains(ManualClock.Instant(at)) {
            await clock.untilSleeping()
            await Task.yield()
        }
    }

    /// Waits until the session has said `line` (finish now comes beside the folder's changes, in its own time).
    func untilSaid(_ line: String) async {
        while !events.lines.contains(line) { await Task.yield() }
    }

    var addedCount: [String: Int] {
        events.lines.filter { $0.hasSuffix(": added") }.reduce(into: [:]) { $0[String($1.dropLast(": added".count)), default: 0] += 1 }
    }

    @Test func aTimeoutCompletesTheBatchWithTwoPhotosAndTheNextPhotoOpensBatchTwo() async throws {
        try await withDeadline {
            async let running = session().run(source)
            var saves = sink.saves.makeAsyncIterator()
            await send("p1", "p2")
            #expect(await nextSave(&saves) == .init(batch: 1, photos: ["p1"]))
            #expect(await nextSave(&saves) == .init(batch: 1, photos: ["p1", "p2"]))
            await untilTimerIsSet(for: timeout)
            clock.advance(by: timeout)
            #expect(await nextSave(&saves) == .init(batch: 1, photos: ["p1", "p2"], complete: true))
            #expect(events.lines.contains("collage-1 is complete with 2 photos: no photo came for the batch timeout"))
            await send("p3")
            #expect(await nextSave(&saves) == .init(batch: 2, photos: ["p3"]))
            source.finish()
            _ = try await running
        }
    }

    /// Finish now completes what is open, and with nothing open says so and changes nothing.
    @Test func finishNowCompletesTheOpenBatchAndWithNothingOpenSaysSo() async throws {
        try await withDeadline {
            async let running = session().run(source)
            var saves = sink.saves.makeAsyncIterator()
            await send("p1", "p2")
            _ = await nextSave(&saves)
            #expect(await nextSave(&saves) == .init(batch: 1, photos: ["p1", "p2"]))
            finish.send()
            #expect(await nextSave(&saves) == .init(batch: 1, photos: ["p1", "p2"], complete: true))
            #expect(events.lines.contains("collage-1 is complete with 2 photos: finished by the operator"))
            finish.send()
            await untilSaid("nothing to finish: collage-2 has no photo yet")
            await send("p3")
            #expect(await nextSave(&saves) == .init(batch: 2, photos: ["p3"]))
            source.finish()
            _ = try await running
            #expect(sink.history.filter(\.complete).count == 1)
        }
    }

    /// A retake: a photo removed from the open batch leaves it; batch 1 is saved again with the
    /// photos left, announced once each, and its next photo joins it.
    @Test func aRetakeRebuildsBatchOneWithThePhotosLeft() async throws {
        try await withDeadline {
            async let running = session().run(source)
            var saves = sink.saves.makeAsyncIterator()
            await send("p1", "p2", "p3")
            for _ in 1...3 { _ = await nextSave(&saves) }
            source.send(.gone(PhotoFile("p2")))
            #expect(await nextSave(&saves) == .init(batch: 1, photos: ["p1", "p3"]))
            #expect(events.lines.contains("p2 was removed: collage-1 is made again with 2 photos"))
            await send("p4")
            #expect(await nextSave(&saves) == .init(batch: 1, photos: ["p1", "p3", "p4"]))
            source.finish()
            _ = try await running
            #expect(addedCount == ["p1": 1, "p2": 1, "p3": 1, "p4": 1])
        }
    }

    /// Every photo of the open collage removed: it is withdrawn (its file, the screen, the
    /// journal), and the next photo starts it again.
    @Test func aCollageLeftWithNoPhotoIsWithdrawnAndTheNextPhotoStartsItAgain() async throws {
        try await withDeadline {
            async let running = session().run(source)
            var saves = sink.saves.makeAsyncIterator()
            await send("p1", "p2")
            for _ in 1...2 { _ = await nextSave(&saves) }
            source.send(.gone(PhotoFile("p1")))
            #expect(await nextSave(&saves) == .init(batch: 1, photos: ["p2"]))
            source.send(.gone(PhotoFile("p2")))
            await untilSaid("withdrawn collage-1 (batch 1)")
            #expect(events.lines.contains("p2 was removed: no photo is left for collage-1"))
            #expect(sink.withdrawn == [1])
            await send("p3")
            #expect(await nextSave(&saves) == .init(batch: 1, photos: ["p3"]))
            source.finish()
            _ = try await running
        }
    }

    /// A photo removed once its collage is complete changes nothing, and says so.
    @Test func aRemovalAfterCompletionChangesNothing() async throws {
        try await withDeadline {
            async let running = session().run(source)
            var saves = sink.saves.makeAsyncIterator()
            await send("p1", "p2", "p3", "p4")
            while await nextSave(&saves)?.complete == false {}
            source.send(.gone(PhotoFile("p2")))
            await untilSaid("p2 was removed, but collage-1 is complete: it stays as it is")
            await send("p5")
            #expect(await nextSave(&saves) == .init(batch: 2, photos: ["p5"]))
            source.finish()
            _ = try await running
            #expect(sink.history.filter { $0.batch == 1 }.last == .init(batch: 1, photos: ["p1", "p2", "p3", "p4"], complete: true))
        }
    }

    /// A photo that lands a second before the deadline joins the batch and moves the deadline on.
    @Test func aPhotoRacingTheDeadlineJoinsTheBatchAndPutsTheDeadlineOff() async throws {
        try await withDeadline {
            async let running = session().run(source)
            var saves = sink.saves.makeAsyncIterator()
            await send("p1")
            _ = await nextSave(&saves)
            await untilTimerIsSet(for: timeout)
            clock.advance(by: .seconds(59))
            await send("p2")
            #expect(await nextSave(&saves) == .init(batch: 1, photos: ["p1", "p2"]))
            await untilTimerIsSet(for: .seconds(119))
            clock.advance(by: .seconds(1))  // the first deadline: nothing completes
            clock.advance(by: .seconds(59))
            #expect(await nextSave(&saves) == .init(batch: 1, photos: ["p1", "p2"], complete: true))
            source.finish()
            _ = try await running
            #expect(sink.history.filter(\.complete).count == 1)
        }
    }

    /// A restarted booth resumes its open collage 3 with the photo its journal lists, and the
    /// batch timeout still completes it.
    @Test func aRestartResumesTheOpenBatchThenItTimesOut() async throws {
        try await withDeadline {
            async let running = session(start: BoothStart(batch: 3, files: [PhotoFile("p1")])).run(source)
            var saves = sink.saves.makeAsyncIterator()
            source.send(.arrived(PhotoFile("p1")))  // the folder's first listing offers it again: passed over
            await untilTimerIsSet(for: timeout)
            clock.advance(by: timeout)
            #expect(await nextSave(&saves) == .init(batch: 3, photos: ["p1"], complete: true))
            await send("p2")
            #expect(await nextSave(&saves) == .init(batch: 4, photos: ["p2"]))
            source.finish()
            _ = try await running
        }
    }

    /// A restarted booth whose open collage lost a photo while it was stopped: made again from
    /// the photo left and saved, then new photos join it and complete it.
    @Test func aRestartWithAPhotoGoneRebuildsTheOpenBatchAndNewPhotosCompleteIt() async throws {
        try await withDeadline {
            let start = BoothStart(batch: 3, files: [PhotoFile("p1")], gone: [PhotoFile("p2")])
            async let running = session(start: start).run(source)
            var saves = sink.saves.makeAsyncIterator()
            #expect(await nextSave(&saves) == .init(batch: 3, photos: ["p1"]))
            #expect(events.lines.contains("p2 was removed: collage-3 is made again with 1 photo"))
            await send("p3", "p4", "p5")
            #expect(await nextSave(&saves) == .init(batch: 3, photos: ["p1", "p3"]))
            #expect(await nextSave(&saves) == .init(batch: 3, photos: ["p1", "p3", "p4"]))
            #expect(await nextSave(&saves) == .init(batch: 3, photos: ["p1", "p3", "p4", "p5"], complete: true))
            source.finish()
            _ = try await running
            #expect(addedCount == ["p1": 1, "p3": 1, "p4": 1, "p5": 1])
        }
    }

    /// A retake saved under the name of a photo of the open batch (copied or renamed over it):
    /// the old one leaves the batch, then the new one joins it, once.
    @Test func aPhotoReplacedUnderItsNameIsARemovalThenAnArrival() async throws {
        try await withDeadline {
            async let running = session().run(source)
            var saves = sink.saves.makeAsyncIterator()
            await send("p1", "p2", "p3")
            for _ in 1...3 { _ = await nextSave(&saves) }
            source.send(.arrived(PhotoFile("p2")))
            #expect(await nextSave(&saves) == .init(batch: 1, photos: ["p1", "p3"]))
            #expect(await nextSave(&saves) == .init(batch: 1, photos: ["p1", "p3", "p2"]))
            #expect(events.lines.contains("p2 was removed: collage-1 is made again with 2 photos"))
            await send("p4")
            #expect(await nextSave(&saves) == .init(batch: 1, photos: ["p1", "p3", "p2", "p4"], complete: true))
            source.finish()
            _ = try await running
            #expect(addedCount == ["p1": 1, "p2": 2, "p3": 1, "p4": 1])
        }
    }

    /// A shot deleted while a photo is read (its decode held at a gate until the session has the
    /// removal), be it that photo or one already in the strip: the photo being read is dropped,
    /// a shot of the strip leaves it first, and the photo that would have filled the strip
    /// completes nothing.
    @Test(arguments: ["p4", "p2"])
    func aShotRemovedWhileAPhotoIsReadNeverCompletesTheBatch(removed: String) async throws {
        try await withDeadline {
            let gated = GatedPhotos(Self.photos, gating: .decode)
            for name in ["p1", "p2", "p3", "p5"] { gated.open(name) }
            async let running = session(reader: gated).run(source)
            var saves = sink.saves.makeAsyncIterator()
            var arrivals = gated.arrivals.makeAsyncIterator()
            await send("p1", "p2", "p3")
            for _ in 1...3 { _ = await nextSave(&saves) }
            source.send(.arrived(PhotoFile("p4")))
            while await arrivals.next() != "p4" {}
            source.send(.gone(PhotoFile(removed)))  // while p4 is being decoded
            await source.untilAsked()  // the session has it (the source is asked again once it does)
            gated.open("p4")
            await send("p5")
            var last: InMemorySink.Save?
            repeat { last = await nextSave(&saves) } while last?.complete == false
            let left = ["p1", "p2", "p3", "p4"].filter { $0 != removed }
            #expect(last == .init(batch: 1, photos: left + ["p5"], complete: true))
            // The photo being read is dropped; a shot already in the strip leaves it.
            let line = removed == "p4" ? "p4 was removed while it was read: it is not in collage-1" : "p2 was removed: collage-1 is made again with 2 photos"
            #expect(events.lines.contains(line))
            source.finish()
            _ = try await running
            #expect(!sink.history.contains { $0.complete && $0.photos.contains(removed) })
        }
    }
}
