import CollageCodecs
import CollageCore
import CollageImaging
import CollageTestSupport
import Foundation
import Testing

/// Print-ready collages, checked on the pixels and by independent readers of the files.
@Suite("Print: physical sizes, dpi in the file, gaps, margins, grids, attention crops", .timeLimit(.minutes(3)))
struct PrintEndToEndTests {
    let four = ["autumn.jpg", "kite.jpg", "path.jpg", "bythewater.jpg"]

    /// What Pillow, an independent reader, says of a file: its pixel size and its dpi.
    func pillow(_ path: String) async throws -> String {
        let script = "from PIL import Image; im = Image.open('\(path)'); print(im.size[0], im.size[1], *[round(d) for d in im.info['dpi']])"
        let result = try await Shell.run("/usr/bin/python3 -c \(Shell.quote(script))")
        #expect(result.status == 0, "\(result.stderr)")
        return result.lines.first ?? ""
    }

    @Test("A print size becomes pixels at the dpi, and the dpi is in the file", arguments: [
        ("6x4in", nil as Int?, "jpg", "1800 1200 300 300"),
        ("15x10cm", nil, "png", "1772 1181 300 300"),
        ("148x105mm", 150, "jpg", "874 620 150 150"),
        ("10x8cm", 72, "png", "283 227 72 72"),
        ("1200x800", 240, "jpg", "1200 800 240 240"),
    ])
    func printSize(size: String, dpi: Int?, format: String, expected: String) async throws {
        let out = try TemporaryDirectory()
        let output = out.file("print.\(format)")
        let result = try await CollageCommand.run(["build"] + four.map(Fixtures.path) + ["--size", size, "-o", output]
                                                  + (dpi.map { ["--dpi", String($0)] } ?? []))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try await pillow(output) == expected)
    }

    @Test func exiftoolReadsTheSameResolution() async throws {
        let out = try TemporaryDirectory()
        _ = try await CollageCommand.run(["build"] + four.map(Fixtures.path) + ["--size", "6x4in", "-o", out.file("p.jpg")])
        _ = try await CollageCommand.run(["build"] + four.map(Fixtures.path) + ["--size", "6x4in", "-o", out.file("p.png")])
        let jpeg = try await Shell.run("exiftool -s -s -s -XResolution -ResolutionUnit \(out.file("p.jpg"))")
        #expect(jpeg.lines == ["300", "inches"])
        let png = try await Shell.run("exiftool -s -s -s -PixelsPerUnitX -PixelUnits \(out.file("p.png"))")
        #expect(png.lines == ["11811", "meters"])  // 300 dpi = round(300 / 0.0254) pixels per metre
    }

    @Test func marginsAndGapsAreExactPixelsOfTheBackground() async throws {
        let out = try TemporaryDirectory()
        let output = out.file("c.png")
        let result = try await CollageCommand.run(["build", Fixtures.path("autumn.jpg"), Fixtures.path("kite.jpg"), "--size", "300x200",
                                                   "--gap", "10", "--margin", "8", "--background", "#ff8000", "-o", output])
        #expect(result.status == 0)
        let collage = try CollageChecks.decode(output)
        let orange = RGB(red: 255, green: 128, blue: 0)
        // Tiles: (300 - 2 * 8 - 10) / 2 = 137 wide, from x 8 and x 155; 184 high from y 8.
        func all(_ rect: PixelRect, are color: RGB) -> Bool {
            (rect.y..<rect.y + rect.height).allSatisfy { y in (rect.x..<rect.x + rect.width).allSatisfy { collage[$0, y] == color } }
        }
        #expect(all(PixelRect(x: 0, y: 0, width: 300, height: 8), are: orange))  // top margin
        #expect(all(PixelRect(x: 0, y: 192, width: 300, height: 8), are: orange))  // bottom margin
        #expect(all(PixelRect(x: 0, y: 0, width: 8, height: 200), are: orange))  // left margin
        #expect(all(PixelRect(x: 292, y: 0, width: 8, height: 200), are: orange))  // right margin
        #expect(all(PixelRect(x: 145, y: 0, width: 10, height: 200), are: orange))  // the gap
        for tile in [PixelRect(x: 8, y: 8, width: 137, height: 184), PixelRect(x: 155, y: 8, width: 137, height: 184)] {
            #expect(collage[tile.x, tile.y] != orange && collage[tile.x + tile.width - 1, tile.y + tile.height - 1] != orange)
        }
    }

    @Test("--grid lays out strips and fixed grids", arguments: [
        ("1x4", "200x800", 4, [[0, 0, 200, 200], [0, 200, 200, 200], [0, 400, 200, 200], [0, 600, 200, 200]]),
        ("4x1", "800x200", 4, [[0, 0, 200, 200], [200, 0, 200, 200], [400, 0, 200, 200], [600, 0, 200, 200]]),
        // Three in a 2x2: the full grid's cells, the third centred below (not a full-width tile).
        ("2x2", "400x400", 3, [[0, 0, 200, 200], [200, 0, 200, 200], [100, 200, 200, 200]]),
        // A strip closed early with 1, 2 or 3 photos: full 200x200 cells, the spare 600, 400 or
        // 200 px spread evenly above, between and below them.
        ("1x4", "200x800", 1, [[0, 300, 200, 200]]),
        ("1x4", "200x800", 2, [[0, 133, 200, 200], [0, 467, 200, 200]]),
        ("1x4", "200x800", 3, [[0, 50, 200, 200], [0, 300, 200, 200], [0, 550, 200, 200]]),
    ])
    func grid(grid: String, size: String, count: Int, expected: [[Int]]) async throws {
        let out = try TemporaryDirectory()
        let output = out.file("strip.png")
        let names = Array(four.prefix(count))
        let result = try await Shell.run("collage build \(names.joined(separator: " ")) --grid \(grid) --size \(size) --json -o \(output)",
                                         in: Fixtures.directory)
        #expect(result.status == 0)
        let tiles = try await Shell.jq(".inputs[] | .tile | [.x, .y, .width, .height] | @csv", result.stdout)
        #expect(tiles == expected.map { $0.map(String.init).joined(separator: ",") })
        // Each tile shows its own photo: its centre matches the centre of that photo's crop.
        let collage = try CollageChecks.decode(output)
        let crops = try await Shell.jq(".inputs[] | .crop | [.x, .y, .width, .height] | @csv", result.stdout)
        for ((name, tile), crop) in zip(zip(names, expected), crops) {
            let c = crop.split(separator: ",").compactMap { Int($0) }
            let photo = try CollageChecks.decode(Fixtures.path(name))
            let source = photo.meanColor(in: PixelRect(x: c[0] + c[2] / 2 - 8, y: c[1] + c[3] / 2 - 8, width: 16, height: 16))
            let shown = collage.meanColor(in: PixelRect(x: tile[0] + tile[2] / 2 - 8, y: tile[1] + tile[3] / 2 - 8, width: 16, height: 16))
            #expect(shown.distance(to: source) <= 24, "\(name): \(shown) vs \(source)")
        }
    }

    @Test func theAttentionCropKeepsAnOffCentreSubjectThatTheCentreCropLoses() async throws {
        let out = try TemporaryDirectory()
        let fixture = try CollageChecks.decode(Fixtures.path("subject-left.jpg"))
        let subject = fixture.meanColor(in: PixelRect(x: 20, y: 70, width: 40, height: 60))  // the cups, x 8…78
        let backdrop = fixture.meanColor(in: PixelRect(x: 140, y: 70, width: 40, height: 60))
        var shown: [String: RGB] = [:]
        for crop in ["centre", "attention"] {
            let output = out.file("\(crop).png")
            let result = try await Shell.run(
                "collage build subject-left.jpg kite.jpg --grid 2x1 --size 300x300 --crop \(crop) --json -o \(output)", in: Fixtures.directory)
            #expect(result.status == 0)
            let window = try await Shell.jq(".inputs[0].crop | [.x, .width] | @csv", result.stdout)
            #expect(window == [crop == "centre" ? "110,100" : "0,100"])  // a 1:2 window of the 320x200 photo
            // The tall left tile, 150x300: what its middle shows.
            shown[crop] = try CollageChecks.decode(output).meanColor(in: PixelRect(x: 40, y: 100, width: 60, height: 100))
        }
        let centre = try #require(shown["centre"]), attention = try #require(shown["attention"])
        #expect(attention.distance(to: subject) < attention.distance(to: backdrop))
        #expect(centre.distance(to: backdrop) < centre.distance(to: subject))
    }

    @Test("Print values that cannot work are usage errors", arguments: [
        ["--gap", "2mm"], ["--background", "blu"], ["--grid", "3*2"], ["--size", "6x4ft"], ["--dpi", "0", "--size", "6x4in"],
        ["--crop", "entropy"], ["--size", "100x60", "--gap", "40", "--margin", "10", "--grid", "3x1"], ["--png-compression", "10"],
    ])
    func usageErrors(flags: [String]) async throws {
        let result = try await CollageCommand.run(["build", Fixtures.path("autumn.jpg"), "-o", "/tmp/never.png"] + flags)
        #expect(result.status == 64)
        #expect(result.stderr.contains("Error:") || result.stderr.contains("error"), "\(result.stderr)")
    }
}
