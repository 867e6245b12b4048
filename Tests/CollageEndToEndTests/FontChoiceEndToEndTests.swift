import CollageTestSupport
import Foundation
import Testing

/// `--font` through the real executable: a FIFO is refused as `--overlay` refuses one (never
/// opened for a blocking read), a family no installed font has is refused naming the closest
/// (never replaced silently by fontconfig's nearest match), and a fallback font is named.
@Suite("--font refuses a FIFO and a family that is not installed, end to end", .timeLimit(.minutes(2)))
struct FontChoiceEndToEndTests {
    let folder = try! TemporaryDirectory()

    /// `collage build` of one photo with a caption in `font`, under `timeout`: a hang is status 124.
    func build(caption: String = "Anna & Ben", font: String) async throws -> Shell.Outcome {
        try await Shell.run("timeout 60 collage build \(Shell.quote(Fixtures.path("kite.jpg"))) -o \(Shell.quote(folder.file("out.jpg")))"
            + " --size 300x200 --caption \(Shell.quote(caption)) --font \(Shell.quote(font))")
    }

    @Test func aFontThatIsAFIFOIsRefusedAtOnceWithSixtySix() async throws {
        let fifo = folder.file("font.ttf")
        try SpecialFiles.fifo(fifo)
        let result = try await build(font: fifo)
        #expect(result.status == 66)
        #expect(result.stderrLines == ["collage: \(fifo): a named pipe (FIFO), not a regular file"])
        #expect(!FileManager.default.fileExists(atPath: folder.file("out.jpg")))
    }

    @Test func aFontFileIsStillRead() async throws {
        let result = try await build(font: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func aFamilyNoInstalledFontHasIsRefusedNamingTheClosest() async throws {
        let result = try await build(font: "DejaVu Sanz")
        #expect(result.status == 66)
        #expect(result.stderrLines.count == 1)
        let line = try #require(result.stderrLines.first)
        #expect(line.hasPrefix("collage: font 'DejaVu Sanz': no installed font family is named 'DejaVu Sanz' (closest installed: DejaVu Sans"), "\(line)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("out.jpg")))
    }

    @Test(arguments: ["DejaVu Sans", "dejavu sans:bold", "sans-serif", "monospace"])
    func anInstalledOrGenericFamilyIsUsedWithoutALine(font: String) async throws {
        let result = try await build(font: font)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderrLines.filter { $0.contains("font") } == [])
    }

    @Test func aFallbackFontForCharactersTheFontLacksIsNamed() async throws {
        let result = try await build(caption: "東京 2026", font: "DejaVu Sans")
        #expect(result.status == 0, "\(result.stderr)")
        let fallback = try await Shell.run("fc-match -f '%{family[0]}' 'DejaVu Sans:charset=6771'")
        #expect(result.stderrLines.contains(
            "collage: caption '東京 2026': font 'DejaVu Sans' lacks some of its characters; they are drawn in \(fallback.text)"), "\(result.stderr)")
    }
}
