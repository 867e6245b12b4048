import CollageBooth
import CollageJournal
import CollageEvents
import CollageCodecs
import CollageCore
import CollageFiles
import CollageImaging
import CollageLocking
import CollagePrinting
import CollageTestSupport
import CollageWriting
import CollageSaving
import Foundation
import Testing

/// `watch --print` in process, with a recording printer on a manual clock: which collages are
/// printed, in which order, and how a failed print is retried.
@Suite("Printing: once per complete collage, the backlog after a restart, retries on the clock", .timeLimit(.minutes(1)))
struct WatchPrintingTests {
    let out = try! TemporaryDirectory(), photos = try! TemporaryDirectory()
    let events = Locked<[PipelineEvent]>([])
    var output: CollageOutput { CollageOutput(path: PathName(out.file("booth.jpg")), numbered: true) }

    /// The save of collage `batch`, with the SHA-256 of the file there (a one-byte file written
    /// first when the test saved none): only the bytes saved are printed.
    func saved(_ batch: Int, photos: Int, complete: Bool) -> PipelineEvent {
        let path = output.path(forBatch: batch).description
        if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: Data([UInt8(batch)])) }
        let bytes = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
        let collage = SavedCollage(destination: .file(output.path(forBatch: batch)), format: .jpeg, size: PixelSize(width: 30, height: 20),
                                   bytes: bytes.count, content: ContentHash(of: bytes))
        return .saved(collage, photos: photos, batch: batch, complete: complete)
    }

    func watchPrinting(_ printer: Printer, clock: ManualClock = ManualClock()) -> WatchPrinting {
        WatchPrinting(printer: printer, maxPrints: nil, clock: clock) { event in events.withLock { $0.append(event) } }
    }

    /// The call that prints collage `batch`: its private copy (see `RecordingPrinter.calls`).
    func call(_ batch: Int) -> [String] { ["-n", "2", "collage-print/" + PathParts(output.path(forBatch: batch)).name.description] }

    @Test func eachCompleteCollageIsPrintedOnceAndNoOpenOne() async throws {
        let recorder = RecordingPrinter()
        let printing = watchPrinting(try recorder.printer())
        for event in [saved(1, photos: 1, complete: false), saved(1, photos: 2, complete: false), saved(1, photos: 3, complete: true),
                      .notice("a rescan"), saved(2, photos: 1, complete: false), saved(2, photos: 3, complete: true),
                      saved(3, photos: 2, complete: false)] {
            printing.note(event)
        }
        #expect(await printing.finish() == 0)
        #expect(recorder.calls == [call(1), call(2)])
        let printed = events.withLock { $0 }.compactMap { event -> Int? in
            if case .printed(_, 2, let batch) = event { return batch }
            return nil
        }
        #expect(printed == [1, 2])
    }

    /// A print command that fails twice: tried again 0.5 s, then 1 s later on the clock, as a save is.
    @Test func aFailedPrintIsRetriedOnTheClockAsASaveIs() async throws {
        try await withDeadline {
            let recorder = RecordingPrinter(failing: 2), clock = ManualClock()
            let printing = watchPrinting(try recorder.printer(), clock: clock)
            printing.note(saved(1, photos: 1, complete: true))
            await clock.untilSleeping()
            #expect(clock.deadlines == [.init(.milliseconds(500))])
            clock.advance(by: .milliseconds(500))
            await clock.untilSleeping()
            #expect(clock.deadlines == [.init(.milliseconds(1500))])
            clock.advance(by: .seconds(1))
            #expect(await printing.finish() == 0)
            #expect(recorder.calls == [call(1), call(1), call(1)])
            let waits = events.withLock { $0 }.compactMap { event -> Duration?? in
                if case .printFailed(_, _, _, _, 1, let retryIn) = event { return retryIn }
                return nil
            }
            #expect(waits == [.milliseconds(500), .seconds(1)])
        }
    }

    /// Every try failed: a watch stopping leaves it for a restart (one round, no more).
    @Test func aPrintThatFailsEveryTryIsLeftForARestartWhenTheBoothStops() async throws {
        try await withDeadline {
            let clock = ManualClock()
            let printer = Printer(command: try PrintCommand(parsing: "lp {path}"), copies: 1, timeout: .seconds(1),
                                  retry: RetryPolicy(attempts: 2, firstDelay: .seconds(3))) { _, _ in
                .exited(program: "lp", status: 1, lastLine: "offline")
            }
            let printing = watchPrinting(printer, clock: clock)
            printing.note(saved(1, photos: 1, complete: true))
            await clock.untilSleeping()
            printing.stop()
            clock.advance(by: .seconds(3))
            #expect(await printing.finish() == 1)
            let waits = events.withLock { $0 }.compactMap { event -> Duration?? in
                if case .printFailed(_, _, _, _, 1, let retryIn) = event { return retryIn }
                return nil
            }
            #expect(waits == [.seconds(3), nil])
        }
    }

    @Test func aRestartPrintsWhatWasNeverSentThenTheNewOnesAndNamesTheOneInDoubt() async throws {
        // A first run saves three complete collages: the first one's print command was started
        // and its outcome never recorded (killed while printing); the other two never sent.
        let (first, _) = try open()
        for batch in 1...3 { try await save(first, batch: batch) }
        #expect(try first.beginPrint(batch: 1))
        first.close()

        let (journal, _) = try open()
        defer { journal.close() }
        let recorder = RecordingPrinter()
        let printing = watchPrinting(try recorder.printer())
        printing.resume(with: journal)
        try await save(journal, batch: 4)
        printing.note(saved(4, photos: 1, complete: true))
        #expect(await printing.finish() == 0)
        #expect(recorder.calls == [call(2), call(3), call(4)])
        let unknown = events.withLock { $0 }.compactMap { event -> Int? in
            if case .printUnknown(_, let batch) = event { return batch }
            return nil
        }
        #expect(unknown == [1])
    }

    private func open() throws -> (BoothJournal, BoothStart) {
        try BoothJournal.open(for: output, watching: PathName(photos.path), limit: 1, printing: true) { _ in }
    }

    /// Collage `batch` saved complete as the sink saves it: the file, then the journal.
    private func save(_ journal: BoothJournal, batch: Int) async throws {
        let name = photos.file("p\(batch).jpg")
        try Data([UInt8(batch)]).write(to: URL(fileURLWithPath: name))
        var kept = Photo(name: PathName(name), size: PixelSize(width: 4, height: 3), image: TestImages.quadrants(4, 3))
        kept.content = ContentHash(of: [UInt8(batch)])
        let photo = kept
        _ = try await CollageWriter().save(TestImages.quadrants(60, 40), to: .file(output.path(forBatch: batch)), as: .jpeg) { content in
            try journal.intend(batch: batch, photos: [photo], complete: true, content: content)
        }.value
        try journal.saved(batch: batch)
    }
}
