import CollageBooth
import CollageCanvas
import CollageCodecs
import CollageCore
import CollageImaging
import CollagePipeline
import CollageReport
import CollageTerminal
import CollageTestSupport
import CollageWriting
import Foundation
import Testing

/// `WatchRun` in process, on real folders: how each run that ends early or completes says so.
@Suite("WatchRun: the watch as a library value, each end in process", .timeLimit(.minutes(2)))
struct WatchRunTests {
    let photos = try! TemporaryDirectory(), out = try! TemporaryDirectory()

    func settings(folder: String? = nil, batches: Bool = false, decorations: DecorationFiles = DecorationFiles()) -> WatchSettings {
        WatchSettings(folder: PathName(folder ?? photos.path), output: PathName(out.file("booth.jpg")), format: .jpeg, batches: batches,
                      throttle: .zero, options: CollageOptions(layout: Layout(canvas: PixelSize(width: 300, height: 200), limit: 1)),
                      decorations: decorations, report: ReportSettings(verbosity: .quiet, styler: .plain, json: false, preview: false))
    }

    func run(_ settings: WatchSettings, stops: [StopRequest] = []) async -> WatchEnd {
        let (stop, requests) = AsyncStream.makeStream(of: StopRequest.self)
        stops.forEach { requests.yield($0) }
        return await WatchRun(settings).run(stop: stop, clock: ContinuousClock())
    }

    @Test func aPhotoThatCompletesTheCollageEndsItComplete() async throws {
        try FileManager.default.copyItem(atPath: Fixtures.path("booth-1.jpg"), toPath: photos.file("booth-1.jpg"))
        #expect(await run(settings()) == .complete)
        #expect(FileManager.default.fileExists(atPath: out.file("booth.jpg")))
    }

    @Test func aStopRequestEndsItInterruptedWithItsSignal() async {
        let end = await run(settings(), stops: [.finish(signal: 2)])
        #expect(end == .interrupted(signal: 2) && end.status == 130)
    }

    @Test func aFolderThatIsNotThereEndsItAtOnce() async {
        let end = await run(settings(folder: photos.file("missing")))
        guard case .folderUnavailable = end else {
            Issue.record("ended \(end)")
            return
        }
    }

    @Test func aLogoThatCannotBeReadEndsItBeforeAnyPhoto() async {
        let end = await run(settings(decorations: DecorationFiles(logo: PathName(photos.file("logo.png")))))
        guard case .decorationUnavailable(let line) = end else {
            Issue.record("ended \(end)")
            return
        }
        #expect(line.contains("logo.png"))
    }

    @Test func aBoothWhoseCollagesAnotherBoothSavesEndsBusy() async throws {
        let (other, _) = try BoothJournal.open(for: CollageOutput(path: PathName(out.file("booth.jpg")), numbered: true),
                                               watching: PathName(photos.path), limit: 1) { _ in }
        defer { other.close() }
        let end = await run(settings(batches: true))
        guard case .outputBusy = end else {
            Issue.record("ended \(end)")
            return
        }
    }
}
