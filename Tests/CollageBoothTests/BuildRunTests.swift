import CollageEvents
import CollageBooth
import CollageCanvas
import CollageCodecs
import CollageCore
import CollageImaging
import CollagePipeline
import CollagePrinting
import CollageReport
import CollageSources
import CollageTestSupport
import CollageTerminal
import CollageWriting
import Foundation
import Testing

/// `BuildRun` in process, on real files: each end the executable maps to an exit status.
@Suite("BuildRun: build as a library value, each end in process", .timeLimit(.minutes(2)))
struct BuildRunTests {
    let photos = try! TemporaryDirectory(), out = try! TemporaryDirectory()

    func settings(_ names: [String], output: String, decorations: DecorationFiles = DecorationFiles(), printer: Printer? = nil) -> BuildSettings {
        BuildSettings(photos: names.map { PathName(photos.file($0)) }, destination: .file(PathName(output)), format: .jpeg,
                      options: CollageOptions(layout: Layout(canvas: PixelSize(width: 300, height: 200), limit: 6)),
                      decorations: decorations, printer: printer, report: ReportSettings(verbosity: .quiet, styler: .plain, json: false, preview: false))
    }

    func run(_ settings: BuildSettings) async -> BuildEnd {
        let (stop, _) = AsyncStream.makeStream(of: StopRequest.self)
        return await BuildRun(settings).run(stop: stop)
    }

    func copyFixtures() throws -> [String] {
        let names = ["kite.jpg", "autumn.jpg", "bythewater.jpg"]
        for name in names { try Fixtures.copy(name, to: photos.file(name)) }
        return names
    }

    @Test func theCollageIsWrittenAndTheRunEndsComplete() async throws {
        let end = await run(settings(try copyFixtures(), output: out.file("trip.jpg")))
        #expect(end == .complete && end.status == 0 && end.error == nil)
        #expect(out.contents == ["trip.jpg"])
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out.file("trip.jpg"))))
        #expect(ImageFormat(signature: Array(bytes.prefix(8))) == .jpeg)
    }

    @Test func anOutputThatIsOneOfThePhotosIsRefusedAndLeftAlone() async throws {
        let names = try copyFixtures()
        let before = try Data(contentsOf: URL(fileURLWithPath: photos.file("kite.jpg")))
        let end = await run(settings(names, output: photos.file("kite.jpg")))
        guard case .refused(let line) = end else {
            Issue.record("ended \(end)")
            return
        }
        #expect(line.contains("kite.jpg") && end.status == 64)
        #expect(try Data(contentsOf: URL(fileURLWithPath: photos.file("kite.jpg"))) == before)
    }

    @Test func aFolderThatCannotBeMadeIs73() async throws {
        let end = await run(settings(try copyFixtures(), output: "/dev/null/trip/out.jpg"))
        guard case .folderNotMade(let line) = end else {
            Issue.record("ended \(end)")
            return
        }
        #expect(line.contains("/dev/null") && end.status == 73)
    }

    @Test func aLogoThatCannotBeReadEndsItBeforeAnyPhoto() async throws {
        let end = await run(settings(try copyFixtures(), output: out.file("trip.jpg"), decorations: DecorationFiles(logo: PathName(photos.file("logo.png")))))
        guard case .decorationUnavailable(let line) = end else {
            Issue.record("ended \(end)")
            return
        }
        #expect(line.contains("logo.png") && end.status == 66)
        #expect(out.contents.isEmpty)
    }

    @Test func noUsablePhotoEndsIt65() async throws {
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: photos.file("not-a-photo.jpg")))
        let end = await run(settings(["not-a-photo.jpg"], output: out.file("trip.jpg")))
        #expect(end == .failed(.noUsablePhoto(given: 1)) && end.status == 65)
        #expect(out.contents.isEmpty)
    }

    /// The real print command run once, no retry: `true` prints, `false` fails every try.
    func printer(_ program: String) throws -> Printer {
        Printer(command: try PrintCommand(parsing: "\(program) {path}"), copies: 1, timeout: .seconds(30), retry: RetryPolicy(attempts: 1, firstDelay: .zero))
    }

    @Test func thePrintedCollageEndsComplete() async throws {
        let end = await run(settings(try copyFixtures(), output: out.file("trip.jpg"), printer: try printer("/bin/true")))
        #expect(end == .complete)
    }

    /// The print queue hands the command the collage saved, once: the copy it made is that file.
    @Test func theCollageSavedIsWhatThePrintCommandIsGiven() async throws {
        let printed = try TemporaryDirectory()
        let copy = Printer(command: try PrintCommand(parsing: "/bin/cp -n {path} \(printed.file("copy.jpg"))"), copies: 1, timeout: .seconds(30),
                           retry: RetryPolicy(attempts: 1, firstDelay: .zero))
        let end = await run(settings(try copyFixtures(), output: out.file("trip.jpg"), printer: copy))
        #expect(end == .complete)
        #expect(printed.contents == ["copy.jpg"])
        #expect(FileManager.default.contents(atPath: printed.file("copy.jpg")) == FileManager.default.contents(atPath: out.file("trip.jpg")))
    }

    @Test func aPrintThatFailsEveryTryIs69AndTheCollageStays() async throws {
        let end = await run(settings(try copyFixtures(), output: out.file("trip.jpg"), printer: try printer("/bin/false")))
        #expect(end == .printFailed && end.status == 69 && end.error == nil)
        #expect(out.contents == ["trip.jpg"])
    }
}
