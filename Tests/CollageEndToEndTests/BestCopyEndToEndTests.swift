import CollageCanvas
import CollageImaging
import CollagePipeline
import CollageTestSupport
import Foundation
import Testing

/// Two files that are the same photo: `build` and plain `watch` keep the better copy (more
/// pixels, then the original format); a booth keeps the first, which may be on the screen.
/// eveningglow-quarter.jpg is an 80x50 re-encode of eveningglow.jpg, and sorts first.
@Suite("The best copy of a photo wins", .timeLimit(.minutes(2)))
struct BestCopyEndToEndTests {
    let full = Fixtures.path("eveningglow.jpg"), quarter = Fixtures.path("eveningglow-quarter.jpg")

    /// How far the pixels of `collage`'s tile `index` (of `count`) are from `photo` drawn there
    /// (aspect fill, centre crop): a sharp original and a blown-up quarter differ in detail, not
    /// in their mean colour.
    func difference(_ collage: RGBImage, tile index: Int, of count: Int, from photo: String) throws -> Double {
        let tile = CollageLayout.tiles(count: count, canvas: collage.size)[index]
        let source = try CollageChecks.decode(photo)
        let scale = max(Double(tile.width) / Double(source.width), Double(tile.height) / Double(source.height))
        let shown = source.resized(to: PixelSize(width: Int((Double(source.width) * scale).rounded(.up)),
                                                 height: Int((Double(source.height) * scale).rounded(.up))))
        let (dx, dy) = ((shown.width - tile.width) / 2, (shown.height - tile.height) / 2)
        var total = 0
        for y in stride(from: 0, to: tile.height, by: 2) {
            for x in stride(from: 0, to: tile.width, by: 2) {
                let (a, b) = (collage[tile.x + x, tile.y + y], shown[dx + x, dy + y])
                total += abs(Int(a.red) - Int(b.red)) + abs(Int(a.green) - Int(b.green)) + abs(Int(a.blue) - Int(b.blue))
            }
        }
        return Double(total) / Double((tile.width / 2) * (tile.height / 2))
    }

    /// Whether the first of `count` tiles shows the full photo rather than its quarter copy.
    func showsTheFullCopy(_ path: String, count: Int) throws -> Bool {
        let collage = try CollageChecks.decode(path)
        return try difference(collage, tile: 0, of: count, from: full) < difference(collage, tile: 0, of: count, from: quarter)
    }

    @Test func buildKeepsTheCopyWithMorePixelsInThePlaceOfTheFirst() async throws {
        let out = try TemporaryDirectory()
        let output = out.file("collage.jpg")
        let result = try await CollageCommand.run(["build", quarter, Fixtures.path("autumn.jpg"), full, "--size", "600x300", "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderrLines == ["collage: \(quarter): duplicate of \(full), a better copy that took its place"])
        #expect(try showsTheFullCopy(output, count: 2))
        try CollageChecks.expectTiles(of: output, show: [full, Fixtures.path("autumn.jpg")])
        // The report says the same: the original used, the re-encode its duplicate.
        let json = try await CollageCommand.run(["build", quarter, Fixtures.path("autumn.jpg"), full, "--size", "600x300", "-o", output, "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let inputs = try #require(report["inputs"] as? [[String: Any]])
        #expect(inputs.map { $0["status"] as? String } == ["skipped", "used", "used"], "\(inputs)")
        #expect(inputs.first?["duplicateOf"] as? String == full)
    }

    @Test(arguments: [false, true])
    func watchSwapsInABetterCopyABoothKeepsTheFirst(batches: Bool) async throws {
        let photos = try TemporaryDirectory(), out = try TemporaryDirectory()
        let output = out.file("collage.jpg")
        let saved = batches ? out.file("collage-0001.jpg") : output
        let watch = try RunningCollage(["watch", photos.path, "-o", output, "--size", "600x300", "--throttle", "0", "--limit", "2"]
            + (batches ? ["--batches"] : []))
        try FileManager.default.copyItem(atPath: quarter, toPath: photos.file("IMG_0001-edited.jpg"))
        try await watch.waitFor("collage: wrote \(saved) (600x300, 1 photo)")
        try FileManager.default.copyItem(atPath: full, toPath: photos.file("IMG_0001.jpg"))
        let (edited, original) = (photos.file("IMG_0001-edited.jpg"), photos.file("IMG_0001.jpg"))
        if batches {
            try await watch.waitFor("collage: \(original): duplicate of \(edited)")
        } else {
            try await watch.waitFor("collage: \(edited): duplicate of \(original), a better copy that took its place")
            #expect(try await watch.waitUntil { watch.stderrLines.filter { $0 == "collage: wrote \(saved) (600x300, 1 photo)" }.count == 2 })
        }
        watch.signal(SIGINT)
        #expect(await watch.status == 130)
        #expect(try showsTheFullCopy(saved, count: 1) == !batches)
    }

    /// `build --pages --limit 3` with a small copy (`w`) before its original (`b`) at every place
    /// relative to a page's end: the page's last photo, its original the next file (the window a
    /// full page waits, `PageFiller.window`: one file); its original one file past it, and pages
    /// later (their pages are made again with it after the last one, and said so); on the page
    /// being filled; and a small copy after its original (a plain copy). The better copy wins
    /// each time; a page made again shows the same pixels as a run of its photos alone.
    @Test func theBetterCopyWinsWhereverItSortsAroundAPagesEnd() async throws {
        #expect(PageFiller.window == 1, "the folder below is laid out for a window of one file")
        let photos = try TemporaryDirectory(), out = try TemporaryDirectory()
        let roles = ["01-s01", "02-s02", "03-w1=04-b1", "04-b1",                    // page 1: its last, its better copy next
                     "05-s03", "06-s04", "07-w2=09-b2", "08-s05", "09-b2",          // page 2: two files on
                     "10-w3=11-b3", "11-b3", "12-s06",                              // page 3, being filled
                     "13-w4=20-b4", "14-s07", "15-s08", "16-s09", "17-s10", "18-s11", "19-s12", "20-b4",  // page 4: pages on
                     "21-s13", "22-b5", "23-w5=22-b5"]                              // a copy after its original
        let originals = roles.filter { !$0.contains("=") }.map { $0 + ".jpg" }
        let copies = roles.filter { $0.contains("=") }.map { $0.replacingOccurrences(of: "=", with: ".jpg=") + ".jpg" }
        let made = try await Shell.run("python3 \(PagesEndToEndTests.repository)/Tests/EndToEnd/make-page-photos.py \(Shell.quote(photos.path)) "
            + (originals + copies).map(Shell.quote).joined(separator: " "))
        #expect(made.status == 0, "\(made.stderr)")
        let path = { (name: String) in photos.file(name + ".jpg") }
        let options = ["--limit", "3", "--size", "600x400"]
        let result = try await CollageCommand.run(["build", "--pages", photos.path, "--json", "-o", out.file("album.jpg")] + options)
        #expect(result.status == 0, "\(result.stderr)")
        let expected = [["01-s01", "02-s02", "04-b1"], ["05-s03", "06-s04", "09-b2"], ["08-s05", "11-b3", "12-s06"], ["20-b4", "14-s07", "15-s08"],
                        ["16-s09", "17-s10", "18-s11"], ["19-s12", "21-s13", "22-b5"]]
        let summary = try #require(result.stdout.split(separator: "\n").last.map { Data($0.utf8) })
        #expect(try await Shell.jq(".data.pages[] | [.photos[].path] | join(\" \")", summary) == expected.map { $0.map(path).joined(separator: " ") })
        for (copy, original) in [("03-w1", "04-b1"), ("07-w2", "09-b2"), ("10-w3", "11-b3"), ("13-w4", "20-b4")] {
            #expect(result.stderrLines.contains("collage: \(path(copy)): duplicate of \(path(original)), a better copy that took its place"))
        }
        #expect(result.stderrLines.contains("collage: \(path("23-w5")): duplicate of \(path("22-b5"))"))
        // The two made before their better copy came, and only they, are made again, and said so.
        let again = result.stderrLines.filter { $0.contains("is made again with it after the last page") }
        #expect(again == [("09-b2", "07-w2", 2), ("20-b4", "13-w4", 4)].map { better, copy, page in
            let file = out.file(String(format: "album-%04d.jpg", page))
            return "collage: \(path(better)): a better copy of \(path(copy)), which \(file) holds and was made before it came: \(file) is made again with it after the last page"
        })
        #expect(try await Shell.jq("select(.type == \"saved\") | .data.batch", Data(result.stdout.utf8)) == ["1", "2", "3", "4", "5", "6", "2", "4"])
        // A page made again is the page of its photos as they are now.
        for (page, names) in [(2, expected[1]), (4, expected[3])] {
            let alone = try await CollageCommand.run(["build", "--pages"] + names.map(path) + ["-o", out.file("alone-\(page).jpg")] + options)
            #expect(alone.status == 0, "\(alone.stderr)")
            let remade = try CollageChecks.decode(out.file(String(format: "album-%04d.jpg", page)))
            #expect(remade.pixels == (try CollageChecks.decode(out.file("alone-\(page)-0001.jpg"))).pixels, "page \(page)")
        }
    }
}
