import CollageJournal
import CollageBooth
import CollageCanvas
import CollageCodecs
import CollageCore
import CollageImaging
import CollagePipeline
import CollageReport
import CollageServer
import CollageTerminal
import CollageTestSupport
import CollageWriting
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `WatchRun` in process, on real folders: how each run that ends early or completes says so.
@Suite("WatchRun: the watch as a library value, each end in process", .timeLimit(.minutes(2)))
struct WatchRunTests {
    let photos = try! TemporaryDirectory(), out = try! TemporaryDirectory()

    func settings(folder: String? = nil, output: String? = nil, batches: Bool = false, decorations: DecorationFiles = DecorationFiles(),
                  serve: ServeSettings? = nil) -> WatchSettings {
        WatchSettings(folder: PathName(folder ?? photos.path), output: PathName(output ?? out.file("booth.jpg")), format: .jpeg, batches: batches,
                      throttle: .zero, options: CollageOptions(layout: Layout(canvas: PixelSize(width: 300, height: 200), limit: 1)),
                      decorations: decorations, serve: serve,
                      report: ReportSettings(verbosity: .quiet, styler: .plain, json: false, preview: false))
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

    @Test func anOutputThatIsAFIFOEndsItCannotWriteAndIsLeftAlone() async throws {
        let fifo = out.file("booth.jpg")
        #expect(mkfifo(fifo, 0o644) == 0)
        let end = await run(settings())
        guard case .cannotWrite(let line) = end else {
            Issue.record("ended \(end)")
            return
        }
        #expect(line.contains(fifo) && end.status == 73)
    }

    @Test func anOutputThatIsAPhotoInTheWatchedFolderIsRefusedBeforeAnyReport() async throws {
        let photo = photos.file("p.jpg")
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: photo))
        let end = await run(settings(output: photo))
        guard case .unusableOutput = end else {
            Issue.record("ended \(end)")
            return
        }
        #expect(!end.isReported && end.status == 64)
        #expect(try Data(contentsOf: URL(fileURLWithPath: photo)) == Data([1, 2, 3]))
    }

    @Test func aServerThatCannotListenEndsItUnavailable() async throws {
        let other = try await BoothServer.start(ServeSettings(address: ServeAddress(port: 0)))
        let port = try #require(other.url.split(separator: ":").last.flatMap { Int($0.dropLast()) })
        let end = await run(settings(serve: ServeSettings(address: ServeAddress(port: port))))
        await other.close()
        guard case .serverUnavailable(let line) = end else {
            Issue.record("ended \(end)")
            return
        }
        #expect(line.contains("127.0.0.1:\(port)") && end.status == 69)
    }
}
