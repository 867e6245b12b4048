import CollageWriting
import CollageSaving
import CollageEvents
import CollageCanvas
import CollageCodecs
import CollageCore
import CollageFiles
import CollageImaging
import CollageSources
import CollageTestSupport
import Foundation
import Testing
@testable import CollagePipeline

/// `build` draws and writes through `CollageSaver`, as `watch` does: a caption the text stack
/// fails to set is a render failure, with its own exit status, never a write error, and nothing
/// is written.
@Suite("build: a caption that cannot be set is a render failure (70), not a write error (73)", .timeLimit(.minutes(1)))
struct RenderFailureTests {
    /// A text stack whose font has gone bad since it was opened.
    struct FailingTypesetter: CaptionTypesetter {
        struct Broken: Error, CustomStringConvertible {
            var description: String { "the font DejaVu Sans cannot set \"Booth\"" }
        }

        func extent(of line: String, pixels: Double) throws -> LineExtent { throw Broken() }
        func draw(_ lines: [PlacedLine], pixels: Double, size: PixelSize) throws -> AlphaMask { throw Broken() }
    }

    @Test func aCaptionTheFontsFailOnEndsTheBuildAsARenderFailureAndWritesNothing() async throws {
        let out = try TemporaryDirectory()
        let style = CollageStyle(caption: CaptionStyle(lines: [try CaptionTemplate(parsing: "Booth {n}")]))
        var options = CollageOptions(layout: Layout(canvas: PixelSize(width: 300, height: 200), style: style), decoders: 1)
        options.decorations = Decorations(typesetter: FailingTypesetter())
        let output = PathName(out.file("c.jpg"))
        let report = await CollageBuild(options: options).run([.file(PhotoFile(path: PathName(Fixtures.path("autumn.jpg"))))],
                                                              to: .file(output), as: .jpeg) { _ in }
        #expect(report.failure == .render(RenderError(reason: "the font DejaVu Sans cannot set \"Booth\"")))
        #expect(report.failure?.status == 70)
        #expect(report.saved == nil && report.used.count == 1)
        #expect(!FileManager.default.fileExists(atPath: out.file("c.jpg")))
    }

    @Test func eachBuildFailureHasItsStatus() {
        #expect(BuildError.noUsablePhoto(given: 2).status == 65)
        #expect(BuildError.outputIsInput("a.jpg").status == 64)
        #expect(BuildError.write(.readerGone).status == 141)
        #expect(BuildError.render(RenderError(reason: "x")).status == 70)
        #expect(BuildError.render(RenderError(reason: "no glyph")).description == "the collage could not be drawn: no glyph")
    }
}
