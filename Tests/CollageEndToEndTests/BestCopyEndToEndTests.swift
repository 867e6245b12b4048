import CollageCanvas
import CollageImaging
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
}
