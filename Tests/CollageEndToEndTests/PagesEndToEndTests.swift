import CollageCanvas
import CollageImaging
import CollageTestSupport
import Foundation
import Testing

/// `build --pages` through the real executable: pages checked by their tiles, an interrupted run,
/// labels read back by OCR, and the NDJSON checked against its schema. Small photos made by
/// Pillow (`Tests/EndToEnd/make-page-photos.py`): distinct mosaics, re-encoded copies, a portrait.
@Suite("build --pages: pages, labels, interruptions", .timeLimit(.minutes(3)))
struct PagesEndToEndTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    let photos = try! TemporaryDirectory(), out = try! TemporaryDirectory()

    /// 14 photos of their own, in name order, with two copies and a portrait among them.
    static let folder = (1...17).map { String(format: "p%02d.jpg", $0) }
    static let specs = folder.map { name in
        switch name {
        case "p05.jpg": return "p05.jpg=p02.jpg"  // a copy of a photo on the same page
        case "p09.jpg": return "p09.jpg:portrait"
        case "p13.jpg": return "p13.jpg=p03.jpg"  // a copy of a photo two pages back... of page 1
        default: return name
        }
    }
    static let used = folder.filter { !["p05.jpg", "p09.jpg", "p13.jpg"].contains($0) }

    func makePhotos(_ specs: [String] = PagesEndToEndTests.specs) async throws {
        let run = try await Shell.run("python3 \(Self.repository)/Tests/EndToEnd/make-page-photos.py \(Shell.quote(photos.path)) "
            + specs.map(Shell.quote).joined(separator: " "))
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test func fourteenPhotosTwoCopiesAndAPortraitMakeTwoFullPagesAndOneOfTwo() async throws {
        try await makePhotos()
        let output = out.file("album.jpg")
        let result = try await CollageCommand.run(["build", "--pages", photos.path, "--limit", "6", "--size", "600x400", "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        let pages = ["album-0001.jpg", "album-0002.jpg", "album-0003.jpg"]
        #expect(out.contents == pages)
        #expect(result.stdout.split(separator: "\n").map(String.init) == pages.map(out.file))
        #expect(result.stderrLines.contains("collage: \(photos.file("p05.jpg")): duplicate of \(photos.file("p02.jpg"))"))
        #expect(result.stderrLines.contains("collage: \(photos.file("p13.jpg")): duplicate of \(photos.file("p03.jpg"))"))
        // The last page's two photos keep a full page's 200x200 tiles (the book's 3x2 of six),
        // spread evenly on their row, not two 300x400 halves.
        let last = CollageLayout.tiles(count: 2, canvas: PixelSize(width: 600, height: 400), style: CollageStyle(grid: .fixed(columns: 3, rows: 2)))
        #expect(last.map(\.width) == [200, 200] && last.map(\.height) == [200, 200])
        for (index, page) in pages.enumerated() {
            let shown = Array(Self.used.dropFirst(6 * index).prefix(6)).map(photos.file)
            try CollageChecks.expectTiles(of: out.file(page), show: shown, in: index == 2 ? last : nil)
        }
    }

    /// A proof sheet's last page keeps the grid's cells: two photos in the first two cells of a
    /// 3x2 sheet, the other four the background; a single collage of a fixed grid with fewer
    /// photos keeps the grid's cells, spread evenly on its canvas.
    @Test func aFixedGridsLastPageKeepsItsCells() async throws {
        let names = (1...8).map { String(format: "s%02d.jpg", $0) }
        try await makePhotos(names)
        let canvas = PixelSize(width: 600, height: 400)
        let args = ["--grid", "3x2", "--size", "600x400", "--background", "#ff00ff"]
        let result = try await CollageCommand.run(["build", "--pages", photos.path, "-o", out.file("sheet.png")] + args)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(out.contents == ["sheet-0001.png", "sheet-0002.png"])
        let cells = CollageLayout.tiles(count: 6, canvas: canvas, style: CollageStyle(grid: .fixed(columns: 3, rows: 2)))
        try CollageChecks.expectTiles(of: out.file("sheet-0001.png"), show: names[0..<6].map(photos.file), in: cells)
        try CollageChecks.expectTiles(of: out.file("sheet-0002.png"), show: names[6..<8].map(photos.file), in: Array(cells.prefix(2)))
        let last = try CollageChecks.decode(out.file("sheet-0002.png"))
        for cell in cells[2...] {
            #expect(last.meanColor(in: cell).distance(to: RGB(red: 255, green: 0, blue: 255)) <= 2, "\(cell) is not background")
        }
        let single = try await CollageCommand.run(["build"] + names[6..<8].map(photos.file) + ["-o", out.file("two.png")] + args)
        #expect(single.status == 0, "\(single.stderr)")
        try CollageChecks.expectTiles(of: out.file("two.png"), show: names[6..<8].map(photos.file),
                                      in: [PixelRect(x: 67, y: 100, width: 200, height: 200), PixelRect(x: 333, y: 100, width: 200, height: 200)])
    }

    @Test func theJSONListsThePagesAndValidatesAgainstItsSchema() async throws {
        try await makePhotos()
        let output = out.file("album.jpg")
        let validate = "python3 \(Self.repository)/Tests/EndToEnd/validate-json.py \(Self.repository)/docs/pages-event.schema.json --lines"
        for dryRun in [true, false] {
            let run = try await Shell.run("collage build --pages \(Shell.quote(photos.path)) --limit 6 --size 600x400 -o \(Shell.quote(output)) --json"
                + (dryRun ? " --dry-run" : "") + " > \(Shell.quote(out.file("events"))) && \(validate) < \(Shell.quote(out.file("events")))")
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.lines == ["\(Self.folder.count + (dryRun ? 1 : 4)) valid"])
            let events = try Data(contentsOf: URL(fileURLWithPath: out.file("events")))
            let saved = try await Shell.jq(#"select(.type == "saved") | "\(.data.batch) \(.data.photos) \(.data.path)""#, events)
            let written: [String] = dryRun ? [] : [(1, 6), (2, 6), (3, 2)].map { page, count in
                "\(page) \(count) " + out.file(String(format: "album-%04d.jpg", page))
            }
            #expect(saved == written)
            let pages = try await Shell.jq(#"select(.type == "pages") | .data.pages[] | "\(.page) \(.written) \([.photos[].path | split("/") | last] | join(","))""#, events)
            let planned: [String] = [(1, 0..<6), (2, 6..<12), (3, 12..<14)].map { page, range in
                "\(page) \(!dryRun) " + Self.used[range].joined(separator: ",")
            }
            #expect(pages == planned)
        }
        #expect(out.contents == ["album-0001.jpg", "album-0002.jpg", "album-0003.jpg", "events"])
    }

    @Test func standardOutputIsRefusedInOneLine() async throws {
        try await makePhotos(["a.jpg", "b.jpg"])
        let result = try await CollageCommand.run(["build", "--pages", photos.path, "-o", "-"])
        #expect(result.status == 64)
        #expect(result.stderrLines == ["collage: --pages writes a file per page (up to 1 for 2 photos) and standard output takes one: give -o FILE"])
        #expect(result.stdout.isEmpty)
    }

    /// strace holds every `fsync` for three seconds (a slow disk, deterministically; strace counts
    /// calls per thread, so not only the second page's can be picked): SIGINT arrives once the
    /// first page is in place and the second's temporary file is on disk, waiting for its sync.
    @Test func anInterruptedRunLeavesCompletePagesOnly() async throws {
        try await makePhotos()
        let output = out.file("album.jpg"), logs = try TemporaryDirectory()
        let temporary = "$(ls -a \(Shell.quote(out.path)) | grep '^\\.album-0002\\.jpg\\..*\\.tmp$')"
        let script = "ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 "
            + "strace -f -qq -o /dev/null -e trace=fsync -e inject=fsync:delay_enter=3000000 "
            + "collage build --pages \(Shell.quote(photos.path)) --limit 6 --size 600x400 -o \(Shell.quote(output)) > \(Shell.quote(logs.file("stdout"))) 2> \(Shell.quote(logs.file("log"))) & "
            + Shell.waitUntil("[ -n \"\(temporary)\" ]", else: "kill $!") + "; "
            + "[ -s \(Shell.quote(out.file("album-0001.jpg"))) ] || echo 'page 1 is not there yet'; "
            + "pid=$(echo \"\(temporary)\" | cut -d. -f4); kill -INT \"$pid\"; wait $!; echo $?"
        let run = try await Shell.run(script)
        #expect(run.lines == ["130"], "\(run.stderr)")
        #expect(out.contents == ["album-0001.jpg"])
        // Only the page written is reported as written.
        #expect(try String(contentsOfFile: logs.file("stdout"), encoding: .utf8) == out.file("album-0001.jpg") + "\n")
        try CollageChecks.expectTiles(of: out.file("album-0001.jpg"), show: Array(Self.used.prefix(6)).map(photos.file))
        let log = try String(contentsOfFile: logs.file("log"), encoding: .utf8)
        #expect(log.contains("collage: interrupted before page 2 (\(out.file("album-0002.jpg"))): page 1 is complete"))
    }

    /// A proof sheet: each tile's file name under it, read back by tesseract; a name too long
    /// for its cell is shrunk and elided in the middle, and stays inside its cell.
    @Test func labelsAreReadBackByOCRAndStayInTheirCells() async throws {
        let names = ["kite.jpg", "autumn.jpg", "bythewater.jpg", "wedding-ceremony-by-the-lake-with-the-photographer-and-all-the-guests-0042.jpg"]
        for (name, fixture) in zip(names, ["kite.jpg", "autumn.jpg", "bythewater.jpg", "coldripple.jpg"]) {
            try Fixtures.copy(fixture, to: photos.file(name))
        }
        let output = out.file("sheet.png")
        let result = try await CollageCommand.run(["build", "--pages", "--grid", "2x1", "--size", "800x400", "--label", "{name}",
                                                   "--caption-color", "#ff00ff"] + names.map(photos.file) + ["-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(out.contents == ["sheet-0001.png", "sheet-0002.png"])
        // A proof sheet's defaults: whole photos, 1 % of 400 px between and around them, boxes from 4:3 to 3:2.
        var style = CollageStyle(grid: try CollageGrid(parsing: "2x1"), gap: 4, margin: 4, fit: .contain, cellShapes: CollageStyle.photoShapes,
                                 label: TileLabel(template: try CaptionTemplate(parsing: "{name}", forLabel: true)))
        style.pageCells = 2
        let cells = CollageLayout.tiles(count: 2, canvas: PixelSize(width: 800, height: 400), style: style)
        for (page, pair) in [names[0..<2], names[2..<4]].enumerated() {
            let image = try PrintedImage.pixels(out.file(String(format: "sheet-%04d.png", page + 1)))
            for (name, cell) in zip(pair, cells) {
                let strip = try #require(style.label).split(cell).strip
                let text = try await PrintedImage.ocr(image, in: strip)
                if name.count < 20 {
                    #expect(text == [name])
                } else {
                    // Shrunk to its smallest, then elided in the middle of the name: its start and end are read.
                    let line = try #require(text.first)
                    #expect(line.hasPrefix("wedding") && line.contains("guests"), "\(text)")
                }
                let ink = try #require(PrintedImage.bounds(of: image.cropped(to: cell)) { $0.red > 200 && $0.blue > 200 && $0.green < 160 })
                #expect(ink.y >= strip.y - cell.y && ink.x >= 0 && ink.x + ink.width <= cell.width, "\(name): \(ink) in \(cell)")
            }
        }
    }
}
