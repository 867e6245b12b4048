import CollageBooth
import CollageCanvas
import CollageCodecs
import CollageCore
import CollageImaging
import CollagePipeline
import CollageReport
import CollageSources
import CollageTestSupport
import CollageTerminal
import Foundation
import Testing

/// `PagesRun` in process, on real files: each end the executable maps to an exit status.
@Suite("PagesRun: build --pages as a library value, each end in process", .timeLimit(.minutes(2)))
struct PagesRunTests {
    let photos = try! TemporaryDirectory(), out = try! TemporaryDirectory()

    func settings(_ names: [String], output: String?, limit: Int = 2, decorations: DecorationFiles = DecorationFiles()) -> PagesSettings {
        PagesSettings(photos: names.map { PathName(photos.file($0)) }, output: output.map { PathName($0) }, format: .jpeg,
                      options: CollageOptions(layout: Layout(canvas: PixelSize(width: 300, height: 200), limit: limit)),
                      decorations: decorations, report: ReportSettings(verbosity: .quiet, styler: .plain, json: false, preview: false))
    }

    func run(_ settings: PagesSettings) async -> BuildEnd {
        let (stop, _) = AsyncStream.makeStream(of: StopRequest.self)
        return await PagesRun(settings).run(stop: stop)
    }

    func copyFixtures() throws -> [String] {
        let names = ["kite.jpg", "autumn.jpg", "bythewater.jpg"]
        for name in names { try Fixtures.copy(name, to: photos.file(name)) }
        return names
    }

    @Test func everyPageIsWrittenAndTheRunEndsComplete() async throws {
        let end = await run(settings(try copyFixtures(), output: out.file("album.jpg")))
        #expect(end == .complete && end.status == 0 && end.error == nil)
        #expect(out.contents == ["album-0001.jpg", "album-0002.jpg"])
    }

    @Test func standardOutputIsRefusedBeforeAnyPhotoIsRead() async throws {
        let end = await run(settings(try copyFixtures(), output: nil))
        #expect(end == .refused("--pages writes a file per page (up to 2 for 3 photos) and standard output takes one: give -o FILE"))
        #expect(end.status == 64)
    }

    @Test func aPageThatWouldBeOneOfThePhotosIsRefusedAndLeftAlone() async throws {
        var settings = settings(try copyFixtures(), output: out.file("album.jpg"))
        try Fixtures.copy("kite.jpg", to: out.file("album-0002.jpg"))
        settings.photos.append(PathName(out.file("album-0002.jpg")))
        let end = await run(settings)
        guard case .refused(let line) = end else {
            Issue.record("ended \(end)")
            return
        }
        #expect(line.contains(out.file("album-0002.jpg")) && end.status == 64)
        #expect(out.contents == ["album-0002.jpg"])
    }

    @Test func aLogoThatCannotBeReadEndsItBeforeAnyPage() async throws {
        let end = await run(settings(try copyFixtures(), output: out.file("album.jpg"), decorations: DecorationFiles(logo: PathName(photos.file("logo.png")))))
        guard case .decorationUnavailable(let line) = end else {
            Issue.record("ended \(end)")
            return
        }
        #expect(line.contains("logo.png") && end.status == 66)
        #expect(out.contents.isEmpty)
    }

    @Test func noUsablePhotoEndsIt65() async throws {
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: photos.file("not-a-photo.jpg")))
        let end = await run(settings(["not-a-photo.jpg"], output: out.file("album.jpg")))
        #expect(end == .failed(.noUsablePhoto(given: 1)) && end.status == 65)
        #expect(out.contents.isEmpty)
    }
}
