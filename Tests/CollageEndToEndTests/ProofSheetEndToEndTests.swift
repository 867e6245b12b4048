import CollageCanvas
import CollageImaging
import CollageTestSupport
import Foundation
import Testing

/// The README's proof-sheet recipe (`--pages --grid 5x4 --size A4 --label '{n}. {name}'
/// --accept any`) on 20 photos, 4 of them portraits, through the real executable: the A4 laid
/// landscape (said in the JSON), every photo whole in its tile (the tile has its shape, and its
/// content scaled down is the photo scaled down) inside its cell's box, background beside a
/// portrait, and every label read back by tesseract. At 200 dpi: a debug build is slow on pixels.
@Suite("A proof sheet shows every photo whole", .timeLimit(.minutes(2)))
struct ProofSheetEndToEndTests {
    let photos = try! TemporaryDirectory(), out = try! TemporaryDirectory()

    /// Words, in name order: tesseract reads them back surely (it read "p11" as "p1l").
    static let names = ["autumn", "beach", "cake", "dance", "eve", "friends", "garden", "hats", "ice", "jump", "kiss", "lake",
                        "music", "night", "oak", "party", "quay", "rings", "smile", "toast"].map { $0 + ".jpg" }
    static let portraits: Set = ["cake.jpg", "hats.jpg", "music.jpg", "rings.jpg"]

    @Test func everyPhotoIsWholeAndEveryLabelIsRead() async throws {
        let specs = Self.names.map { Self.portraits.contains($0) ? "\($0):portrait" : $0 }
        let made = try await Shell.run("python3 \(PagesEndToEndTests.repository)/Tests/EndToEnd/make-page-photos.py \(Shell.quote(photos.path)) "
            + specs.map(Shell.quote).joined(separator: " "))
        #expect(made.status == 0, "\(made.stderr)")
        let result = try await CollageCommand.run(["build", photos.path, "--pages", "--grid", "5x4", "--size", "A4", "--dpi", "200",
                                                   "--label", "{n}. {name}", "--accept", "any", "--json", "-o", out.file("proof.png")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(out.contents == ["proof-0001.png"])
        let last = try #require(result.stdout.split(separator: "\n").last)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        let data = try #require(report["data"] as? [String: Any])
        let page = try #require((data["pages"] as? [[String: Any]])?.first)
        let placed = try #require(page["photos"] as? [[String: Any]])
        #expect(placed.count == 20)
        let canvas = try #require(data["canvas"] as? [String: Any])
        #expect(canvas["width"] as? Int == 2339 && canvas["height"] as? Int == 1654, "\(canvas)")
        #expect(canvas["orientation"] as? String == "landscape" && canvas["turned"] as? Bool == true, "\(canvas)")
        let sheet = try PrintedImage.pixels(out.file("proof-0001.png"))
        // The cells the renderer lays out for a proof sheet's defaults (1 % of 1654 px apart).
        let label = TileLabel(template: try CaptionTemplate(parsing: "{n}. {name}", forLabel: true))
        var style = CollageStyle(grid: .fixed(columns: 5, rows: 4), gap: 16, margin: 16, fit: .contain, cellShapes: CollageStyle.photoShapes, label: label)
        style.pageCells = 20
        let cells = CollageLayout.tiles(count: 20, canvas: sheet.size, style: style)
        for (index, entry) in placed.enumerated() {
            let name = try #require((entry["path"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent })
            let box = try #require(entry["tile"] as? [String: Int])
            let tile = PixelRect(x: box["x"] ?? 0, y: box["y"] ?? 0, width: box["width"] ?? 0, height: box["height"] ?? 0)
            let photo = try PrintedImage.pixels(photos.file(name))
            // Its own shape, and its whole frame: scaled down, the tile is the photo.
            let shape = Double(photo.width) / Double(photo.height)
            #expect(abs(Double(tile.width) / Double(tile.height) - shape) / shape < 0.03, "\(name): \(tile)")
            let small = PixelSize(width: photo.width / 20, height: photo.height / 20)
            let shown = sheet.cropped(to: tile).resized(to: small), own = photo.resized(to: small)
            let difference = zip(shown.pixels, own.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) } / shown.pixels.count
            #expect(difference < 12, "\(name): differs by \(difference) a channel")
            if Self.portraits.contains(name) {
                // The background beside a portrait, in its 3:2 box.
                let middle = tile.y + tile.height / 2
                #expect(sheet[tile.x - 3, middle] == .white && sheet[tile.x + tile.width + 2, middle] == .white, "\(name)")
            }
            // Inside its cell's box, and its label in the strip under it.
            let (cellBox, strip) = label.split(cells[index])
            #expect(tile.x >= cellBox.x && tile.y >= cellBox.y && tile.x + tile.width <= cellBox.x + cellBox.width
                    && tile.y + tile.height <= cellBox.y + cellBox.height, "\(name): \(tile) outside \(cellBox)")
            let text = try await PrintedImage.ocr(sheet, in: strip)
            #expect(text == ["\(index + 1). \(name)"], "\(name): read \(text)")
        }
    }

    /// `{date}` is the photo's own EXIF date, left out for a photo without one (never the day of
    /// the run): read back by tesseract under each tile.
    @Test func aLabelsDateIsThePhotosOwnOrNone() async throws {
        let result = try await CollageCommand.run(["build", "--pages", "--grid", "2x1", "--size", "800x400", "--label", "{name} {date}",
                                                   "--json", Fixtures.path("kite-dated.jpg"), Fixtures.path("bythewater.jpg"),
                                                   "-o", out.file("dates.png")])
        #expect(result.status == 0, "\(result.stderr)")
        let sheet = try PrintedImage.pixels(out.file("dates-0001.png"))
        let last = try #require(result.stdout.split(separator: "\n").last)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        let page = try #require(((report["data"] as? [String: Any])?["pages"] as? [[String: Any]])?.first)
        let tiles = try #require(page["photos"] as? [[String: Any]]).compactMap { $0["tile"] as? [String: Int] }
        var read: [[String]] = []
        for tile in tiles {
            let (x, y, width, height) = (tile["x"] ?? 0, tile["y"] ?? 0, tile["width"] ?? 0, tile["height"] ?? 0)
            // One row: below the photo is its label, then paper.
            read.append(try await PrintedImage.ocr(sheet, in: PixelRect(x: x, y: y + height, width: width, height: sheet.height - y - height)))
        }
        #expect(read == [["kite-dated.jpg 2026-06-13"], ["bythewater.jpg"]])
    }
}
