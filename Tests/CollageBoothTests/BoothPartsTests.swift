import AsyncAlgorithms
import CollageBooth
import CollageCanvas
import CollageCore
import CollageFiles
import CollageImaging
import CollageJournal
import CollagePipeline
import CollageReport
import CollageServer
import CollageSources
import CollageTerminal
import CollageTestSupport
import CollageWriting
import Foundation
import Testing

/// The files a test hands the booth, in order, as arriving in its source; stopping it finishes them.
final class HandedSource: BoothSource {
    let changes = AsyncChannel<FolderChange>()
    private let handed: [PhotoFile]
    private let stopped = AsyncStream.makeStream(of: Void.self)

    init(_ handed: [PhotoFile]) {
        self.handed = handed
    }

    func run() async throws {
        for file in handed { await changes.send(.arrived(file)) }
        for await _ in stopped.stream {}
        changes.finish()
    }

    func stop() {
        stopped.continuation.finish()
    }
}

/// `WatchRun` as a composition root: the booth runs on the parts a test passes in (a source
/// of its own, a manual clock, a server, a journal), never on the folder it names.
@Suite("BoothParts: the booth runs in process on the parts a test passes in", .timeLimit(.minutes(2)))
struct BoothPartsTests {
    let photos = try! TemporaryDirectory(), out = try! TemporaryDirectory()

    /// A booth of one photo per collage whose folder does not exist: only the parts passed in
    /// can feed it.
    func settings(batches: Bool = false, serve: ServeSettings? = nil) -> WatchSettings {
        WatchSettings(folder: PathName(photos.file("not-watched")), output: PathName(out.file("booth.jpg")), format: .jpeg, batches: batches,
                      throttle: .zero, options: CollageOptions(layout: Layout(canvas: PixelSize(width: 300, height: 200), limit: 1)),
                      serve: serve, report: ReportSettings(verbosity: .quiet, styler: .plain, json: false, preview: false))
    }

    func run(_ settings: WatchSettings, parts: BoothParts<HandedSource, ManualClock>) async throws -> WatchEnd {
        try await withDeadline(.seconds(60)) {
            let (stop, _) = AsyncStream.makeStream(of: StopRequest.self)
            return await WatchRun(settings).run(stop: stop, parts: parts)
        }
    }

    func handed(_ names: [String]) throws -> HandedSource {
        for name in names { try Fixtures.copy(name, to: photos.file(name)) }
        return HandedSource(names.map { PhotoFile(path: PathName(photos.file($0))) })
    }

    @Test func aPhotoFromTheSourcePassedInCompletesTheCollage() async throws {
        let source = try handed(["booth-1.jpg"])
        let end = try await run(settings(), parts: BoothParts(source: { _, _, _ in source }, clock: ManualClock()))
        #expect(end == .complete)
        #expect(out.contents == ["booth.jpg"])
    }

    @Test func aServerPartThatCannotStartEndsTheRunBeforeAnyPhoto() async throws {
        let source = try handed(["booth-1.jpg"])
        let parts = BoothParts(source: { _, _, _ in source }, clock: ManualClock(),
                               server: { _ async throws(ServeError) in throw ServeError.cannotStart(address: "test", reason: "a test server") })
        let end = try await run(settings(serve: ServeSettings(address: ServeAddress(port: 0))), parts: parts)
        #expect(end == .serverUnavailable("cannot serve on test: a test server"))
        #expect(out.contents.isEmpty)
    }

    @Test func aJournalPartHeldByAnotherBoothEndsItBusy() async throws {
        let source = try handed(["booth-1.jpg"])
        let parts = BoothParts(source: { _, _, _ in source }, clock: ManualClock(),
                               journal: { output, _, _, _, _ throws(BoothLock.Failure) in throw .busy(lock: PathName(out.file("lock")), output: output) })
        let end = try await run(settings(batches: true), parts: parts)
        guard case .outputBusy = end else {
            Issue.record("ended \(end)")
            return
        }
        #expect(!out.contents.contains("booth-0001.jpg"))
    }
}
