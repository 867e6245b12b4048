import CollageCodecs
import CollageCanvas
import CollageImaging
import CollageTestSupport
import Foundation
import Testing

/// Frames, logos, background images and sheets through the real executable, checked on the
/// written pixels.
@Suite("Decorations: overlay, logo, background image, sheets", .timeLimit(.minutes(3)))
struct DecorationEndToEndTests {
    func build(_ photos: [String], _ arguments: [String]) async throws -> (CollageCommand.Outcome, RGBImage?, TemporaryDirectory) {
        let out = try TemporaryDirectory()
        let output = out.file("print.png")
        let result = try await CollageCommand.run(["build"] + photos.map(Fixtures.path) + ["-o", output] + arguments)
        return (result, result.status == 0 ? try PrintedImage.pixels(output) : nil, out)
    }

    @Test func theOverlaysWindowShowsTheTileBelowPixelExact() async throws {
        let (plainRun, plain, _) = try await build(["kite.jpg"], ["--size", "300x200"])
        let (framedRun, framed, _) = try await build(["kite.jpg"], ["--size", "300x200", "--overlay", Fixtures.path("frame.png")])
        #expect(plainRun.status == 0 && framedRun.status == 0, "\(framedRun.stderr)")
        let (below, over) = (try #require(plain), try #require(framed))
        for y in 0..<200 {
            for x in 0..<300 {
                let expected: RGB
                if (40..<260).contains(x) && (40..<160).contains(y) {
                    expected = below[x, y]  // the transparent window
                } else if y >= 180 {
                    // 50 % black (alpha 127) over the photo, source-over in sRGB bytes.
                    let half = { (value: UInt8) in UInt8((Int(value) * 128 + 127) / 255) }
                    expected = RGB(red: half(below[x, y].red), green: half(below[x, y].green), blue: half(below[x, y].blue))
                } else {
                    expected = RGB(red: 0, green: 0, blue: 128)
                }
                guard over[x, y] == expected else {
                    Issue.record("(\(x), \(y)): \(over[x, y]), expected \(expected)")
                    return
                }
            }
        }
        #expect(!framedRun.stderr.contains("overlay"))
    }

    @Test func anOverlayOfAnotherAspectIsStretchedWithAWarning() async throws {
        let (result, _, _) = try await build(["kite.jpg"], ["--size", "300x300", "--overlay", Fixtures.path("frame.png")])
        #expect(result.status == 0)
        #expect(result.stderrLines.contains { $0.contains("frame.png: overlay is 300x200, stretched to the 300x300 collage") })
    }

    @Test func aMissingOverlayEndsTheRunNamingIt() async throws {
        let (result, _, out) = try await build(["kite.jpg"], ["--overlay", "/nonexistent/frame.png"])
        #expect(result.status == 66)
        #expect(result.stderr.contains("/nonexistent/frame.png"))
        #expect(out.contents.isEmpty)
    }

    @Test func theLogoTakesTheLastCellWholeOnTheBackground() async throws {
        let (result, image, _) = try await build(["kite.jpg", "autumn.jpg"], ["--size", "480x160", "--grid", "2x1", "--logo", Fixtures.path("logo.png"),
                                                                             "--background", "#00ff00"])
        #expect(result.status == 0, "\(result.stderr)")
        let print = try #require(image)
        // --grid 2x1 holds one photo and the logo: the second photo is over the limit.
        #expect(result.stderrLines.contains { $0.contains("autumn.jpg") })
        // The 120x80 logo fitted whole in the 240x160 cell: the disc's centre red, the corners the background.
        #expect(print[360, 80].distance(to: RGB(red: 220, green: 20, blue: 20)) <= 2)
        for (x, y) in [(241, 1), (478, 1), (241, 158), (478, 158)] {
            #expect(print[x, y] == RGB(red: 0, green: 255, blue: 0), "(\(x), \(y))")
        }
        #expect(print.meanColor(in: PixelRect(x: 10, y: 10, width: 200, height: 140)).blue > 100)  // the kite's sky
    }

    @Test func theBackgroundImageFillsGapsAndMargins() async throws {
        let (result, image, _) = try await build(["kite.jpg", "autumn.jpg"], ["--size", "640x400", "--margin", "40", "--gap", "20",
                                                                             "--background-image", Fixtures.path("coldripple.jpg")])
        #expect(result.status == 0, "\(result.stderr)")
        let print = try #require(image)
        // coldripple is stored in grey: the margins are grey, not the white background.
        for (x, y) in [(5, 5), (320, 200), (630, 390)] {
            let pixel = print[x, y]
            #expect(pixel.red == pixel.green && pixel.green == pixel.blue && pixel != .white, "(\(x), \(y)) \(pixel)")
        }
    }

    @Test func twoIdenticalStripsSideBySideOnASheet() async throws {
        let four = ["kite.jpg", "autumn.jpg", "bythewater.jpg", "path.jpg"]
        let (result, image, _) = try await build(four, ["--size", "4x6in", "--dpi", "50", "--grid", "1x4", "--repeat", "2x1"])
        #expect(result.status == 0, "\(result.stderr)")
        let sheet = try #require(image)
        #expect(sheet.size == PixelSize(width: 200, height: 300))
        let left = sheet.cropped(to: PixelRect(x: 0, y: 0, width: 100, height: 300))
        #expect(left == sheet.cropped(to: PixelRect(x: 100, y: 0, width: 100, height: 300)))
        #expect(left.meanColor(in: PixelRect(x: 10, y: 10, width: 80, height: 50)).blue > 100)  // the kite's strip

        let (marked, cut, _) = try await build(four, ["--size", "4x6in", "--dpi", "50", "--grid", "1x4", "--repeat", "2x1", "--cut-marks"])
        #expect(marked.status == 0)
        let withMarks = try #require(cut)
        #expect((0..<300).allSatisfy { withMarks[100, $0] == SheetLayout.cutColour })
        #expect(withMarks[99, 150] == sheet[99, 150] && withMarks[101, 150] == sheet[101, 150])
    }

    @Test func cutMarksWithoutCopiesAreAUsageError() async throws {
        let (result, _, _) = try await build(["kite.jpg"], ["--cut-marks"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--cut-marks needs --repeat"))
    }
}
