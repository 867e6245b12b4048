import CollageEvents
import CollageCodecs
import CollageCanvas
import CollageCore
import CollageImaging
import CollageSources
import CollagePipeline
import CollageTestSupport
import CollageLocking
import Testing
import CollageWriting
import CollageFiles

/// Keeps saved selections in memory and hands each to the test as it happens.
final class InMemorySink: CollageSink {
    struct Save: Sendable, Equatable {
        let batch: Int
        let photos: [String]
        /// Saved as the batch's final collage (full, timed out, finished now).
        var complete = false
    }

    let saves: AsyncStream<Save>
    private let continuation: AsyncStream<Save>.Continuation
    private let all = Locked<[Save]>([])
    private let withdrawals = Locked<[Int]>([])

    init() {
        (saves, continuation) = AsyncStream.makeStream(of: Save.self)
    }

    var history: [Save] { all.withLock { $0 } }

    static func saved(_ batch: Int) -> SavedCollage {
        SavedCollage(destination: .file(PathName("collage-\(batch)")), format: .jpeg, size: PixelSize(width: 600, height: 400), bytes: 0,
                     content: ContentHash(of: []))
    }

    func save(_ selection: Selection, batch: Int) -> Single<SavedCollage> {
        Single { [self] in
            let save = Save(batch: batch, photos: selection.photos.map(\.name.description), complete: selection.isComplete)
            all.withLock { $0.append(save) }
            continuation.yield(save)
            return Self.saved(batch)
        }
    }

    /// A withdrawn collage: what it was saved as is forgotten, and the withdrawal is recorded.
    func withdraw(batch: Int) async throws -> PathName? {
        withdrawals.withLock { $0.append(batch) }
        return PathName("collage-\(batch)")
    }

    var withdrawn: [Int] { withdrawals.withLock { $0 } }

    func destination(forBatch batch: Int) -> CollageDestination { Self.saved(batch).destination }
}

@Suite("The watch pipeline in virtual time: in-memory source, test clock, no files", .timeLimit(.minutes(1)))
struct WatchSessionTests {
    let interval = Duration.milliseconds(500)

    func photos(_ count: Int) -> InMemoryPhotos {
        InMemoryPhotos(Dictionary(uniqueKeysWithValues: (1...count).map { ("p\($0)", .landscape(seed: $0)) }))
    }

    func session(_ reader: InMemoryPhotos, _ sink: InMemorySink, _ clock: ManualClock, batches: Bool = false, interval: Duration? = nil,
                 events: RecordedEvents = RecordedEvents()) -> WatchSession<ManualClock> {
        let flow = CollageFlow(reader: reader, layout: Layout(canvas: PixelSize(width: 600, height: 400)), log: events.record)
        return WatchSession(flow: flow, sink: sink, interval: interval ?? self.interval, clock: clock, batches: batches)
    }

    @Test func theFirstPhotoIsSavedAtOnceABurstOnceAtTheEndOfTheWindow() async throws {
        try await withDeadline {
            let source = TestSource<FolderChange>(), clock = ManualClock(), sink = InMemorySink(), events = RecordedEvents()
            async let running = session(photos(5), sink, clock, events: events).run(source)
            var saves = sink.saves.makeAsyncIterator()
            source.send(.arrived(PhotoFile("p1")))
            #expect(await saves.next()?.photos == ["p1"])  // leading edge: no time has passed
            for n in 2...5 {  // a burst, 20 ms apart, then silence
                clock.advance(by: .milliseconds(20))
                source.send(.arrived(PhotoFile("p\(n)")))
                await events.untilSaid("p\(n): added")
            }
            clock.advance(by: .milliseconds(420))
            #expect(await saves.next()?.photos == ["p1", "p2", "p3", "p4", "p5"])  // trailing edge
            source.finish()
            let outcome = try await running
            #expect(outcome == .sourceEnded(InMemorySink.saved(1)))
            #expect(sink.history.count == 2)  // p2…p4 were coalesced, never rendered alone
        }
    }

    @Test func theSixthPhotoCompletesTheSessionWithoutWaitingForASeventh() async throws {
        try await withDeadline {
            let source = TestSource<FolderChange>(), clock = ManualClock(), sink = InMemorySink()
            async let running = session(photos(8), sink, clock).run(source)
            var saves = sink.saves.makeAsyncIterator()
            source.send(.arrived(PhotoFile("p1")))
            _ = await saves.next()
            for n in 2...5 {
                source.send(.arrived(PhotoFile("p\(n)")))
                await source.untilAsked()
            }
            source.send(.arrived(PhotoFile("p6")))
            let outcome = try await running  // returns with no seventh file sent, and no wait for the window
            #expect(outcome == .complete(InMemorySink.saved(1)))
            #expect(sink.history.last?.photos == (1...6).map { "p\($0)" })
            #expect(source.taken == 6)
        }
    }

    @Test func photoBoothModeNumbersEachSixAndTheSeventhOpensTheNext() async throws {
        try await withDeadline {
            let source = TestSource<FolderChange>(), clock = ManualClock(), sink = InMemorySink()
            async let running = session(photos(13), sink, clock, batches: true, interval: .zero).run(source)
            for n in 1...13 { source.send(.arrived(PhotoFile("p\(n)"))) }
            source.finish()
            _ = try await running
            let finals = Dictionary(grouping: sink.history, by: \.batch).mapValues { $0.last!.photos }
            #expect(finals == [1: (1...6).map { "p\($0)" }, 2: (7...12).map { "p\($0)" }, 3: ["p13"]])
            #expect(sink.history.map(\.batch) == sink.history.map(\.batch).sorted())  // batches in order
        }
    }

    @Test func batchPathsAreNumbered() {
        let output = CollageOutput(path: "shots/booth.jpg", numbered: true)
        #expect(output.path(forBatch: 1) == "shots/booth-0001.jpg")
        #expect(output.path(forBatch: 12345) == "shots/booth-12345.jpg")
        #expect(output.writes(name: "booth-0002.jpg"))
        #expect(!output.writes(name: "booth-x.jpg") && !output.writes(name: "booth.jpg") && !output.writes(name: "booth-.jpg"))
        // A camera's own numbering beside ours stays a photo.
        #expect(!output.writes(name: "booth-1.jpg") && !output.writes(name: "booth-012.jpg") && !output.writes(name: "booth-01234.jpg"))
        #expect(output.writes(name: "booth-12345.jpg") && output.batch(of: "booth-0042.jpg") == 42)
        let single = CollageOutput(path: "collage.png", numbered: false)
        #expect(single.path(forBatch: 3) == "collage.png")
        #expect(single.writes(name: "collage.png") && !single.writes(name: "collage-0001.png"))
    }
}
