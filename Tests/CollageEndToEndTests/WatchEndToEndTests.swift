import CollageCore
import CollageTestSupport
import Foundation
import Testing

@Suite("collage watch, end to end through the real executable", .timeLimit(.minutes(2)))
struct WatchEndToEndTests {
    @Test func takesWhatIsThereThenWhatArrivesAndExitsAtTheSixth() async throws {
        let photos = try TemporaryDirectory(), out = try TemporaryDirectory()
        let past = Date(timeIntervalSinceNow: -60)
        for (i, name) in ["autumn.jpg", "portrait.jpg"].enumerated() {
            try Fixtures.copy(name, to: photos.file(name))
            try FileManager.default.setAttributes([.modificationDate: past.addingTimeInterval(Double(i))], ofItemAtPath: photos.file(name))
        }
        let output = out.file("collage.jpg")
        let watch = try RunningCollage(["watch", photos.path, "-o", output, "--size", "600x400", "--throttle", "0.1"])
        try await watch.waitFor("collage: 1 photo")
        // Two more right behind the sixth: nobody reads them, and the command must still exit.
        let arriving = ["bythewater.jpg", "kite.jpg", "kite-copy.jpg", "truncated.jpg", "not-an-image.jpg",
                        "coldripple.jpg", "cups-exif6.jpg", "eveningglow.jpg", "fallenleaf.jpg", "path.jpg"]
        for name in arriving { try Fixtures.copy(name, to: photos.file(name)) }
        #expect(await watch.status == 0)

        let p = photos.file
        #expect(watch.stderrLines.filter { !$0.hasPrefix("collage: wrote") } == [
            "collage: \(p("autumn.jpg")): added", "collage: 1 photo",
            "collage: \(p("portrait.jpg")): portrait (180x320 as displayed), only landscape photos are used (keep them with --accept any)",
            "collage: \(p("bythewater.jpg")): added", "collage: 2 photos",
            "collage: \(p("kite.jpg")): added", "collage: 3 photos",
            "collage: \(p("kite-copy.jpg")): duplicate of \(p("kite.jpg"))",
            "collage: \(p("truncated.jpg")): truncated JPEG file (premature end of data)",
            "collage: \(p("not-an-image.jpg")): not an image (neither JPEG, PNG, HEIC, AVIF, HEIF nor WebP)",
            "collage: \(p("coldripple.jpg")): added", "collage: 4 photos",
            "collage: \(p("cups-exif6.jpg")): added", "collage: 5 photos",
            "collage: \(p("eveningglow.jpg")): added", "collage: 6 photos",
        ])
        #expect(watch.stderrLines.last == "collage: wrote \(output) (600x400, 6 photos)")
        #expect(watch.stdout == output + "\n")
        #expect(out.contents == ["collage.jpg"])
        try CollageChecks.expectTiles(of: output, show: ["autumn.jpg", "bythewater.jpg", "kite.jpg", "coldripple.jpg", "cups-exif6.jpg", "eveningglow.jpg"].map(p))
    }

    @Test func anInterruptSavesTheNewestSelectionAndLeavesNoTemporaryFile() async throws {
        let photos = try TemporaryDirectory(), out = try TemporaryDirectory()
        let output = out.file("collage.png")
        let watch = try RunningCollage(["watch", photos.path, "-o", output, "--size", "300x200", "--throttle", "30"])
        try Fixtures.copy("autumn.jpg", to: photos.file("autumn.jpg"))
        try await watch.waitFor("collage: wrote \(output) (300x200, 1 photo)")
        try Fixtures.copy("kite.jpg", to: photos.file("kite.jpg"))  // inside the 30 s window: not written yet
        try await watch.waitFor("collage: 2 photos")
        watch.signal(SIGINT)
        #expect(await watch.status == 130)
        #expect(watch.stderrLines.last == "collage: wrote \(output) (300x200, 2 photos)")
        #expect(watch.stdout == output + "\n")
        #expect(out.contents == ["collage.png"])
        try CollageChecks.expectTiles(of: output, show: [photos.file("autumn.jpg"), photos.file("kite.jpg")])
    }

    @Test func photoBoothModeNumbersCollagesInsideTheWatchedFolder() async throws {
        let photos = try TemporaryDirectory()
        let watch = try RunningCollage(["watch", photos.path, "-o", photos.file("booth.jpg"), "--batches", "--size", "300x200", "--throttle", "0"])
        try Fixtures.copy("autumn.jpg", to: photos.file("autumn.jpg"))
        try await watch.waitFor("collage: 1 photo")  // the initial scan is over: the rest are events
        for name in ["bythewater.jpg", "coldripple.jpg", "eveningglow.jpg", "fallenleaf.jpg", "kite.jpg", "path.jpg"] {
            try Fixtures.copy(name, to: photos.file(name))
        }
        try await watch.waitFor("collage: wrote \(photos.file("booth-0002.jpg")) (300x200, 1 photo)")
        watch.signal(SIGTERM)
        #expect(await watch.status == 143)
        #expect(watch.stdout == photos.file("booth-0001.jpg") + "\n" + photos.file("booth-0002.jpg") + "\n")
        // The collages, and the journal beside them; no temporary file.
        #expect(photos.contents.filter { $0.hasPrefix("booth") || $0.hasPrefix(".") } == [".booth.jpg.journal", ".booth.jpg.lock", "booth-0001.jpg", "booth-0002.jpg"])
        #expect(!watch.stderrLines.contains { $0.contains("booth-0001.jpg: ") })  // its own output is not a photo
        try CollageChecks.expectTiles(of: photos.file("booth-0002.jpg"), show: [photos.file("path.jpg")])
    }

    @Test func aBoothBurstFedOneShotAtATimeMakesOneCollageOfSix() async throws {
        let photos = try TemporaryDirectory()
        let watch = try RunningCollage(["watch", photos.path, "-o", photos.file("collage.jpg"), "--batches", "--size", "300x200", "--throttle", "0"])
        let burst = (1...6).map { "booth-\($0).jpg" }
        for (count, name) in burst.enumerated() {
            try Fixtures.copy(name, to: photos.file(name))
            try await watch.waitFor("collage: \(photos.file(name)): added")
            try await watch.waitFor(count == 0 ? "collage: 1 photo" : "collage: \(count + 1) photos")
        }
        try await watch.waitFor("collage: wrote \(photos.file("collage-0001.jpg")) (300x200, 6 photos)")
        watch.signal(SIGTERM)
        #expect(await watch.status == 143)
        #expect(watch.stdout == photos.file("collage-0001.jpg") + "\n")
        #expect(!watch.stderrLines.contains { $0.contains("duplicate") })
        #expect(photos.contents.filter { $0.hasPrefix("collage") } == ["collage-0001.jpg"])
        try CollageChecks.expectTiles(of: photos.file("collage-0001.jpg"), show: burst.map(photos.file))
    }

    @Test func aRestartReproducesTheSameSelection() async throws {
        let photos = try TemporaryDirectory(), out = try TemporaryDirectory()
        let names = ["path.jpg", "portrait.jpg", "kite.jpg", "kite-copy.jpg", "autumn.jpg", "coldripple.jpg",
                     "fallenleaf.jpg", "eveningglow.jpg", "bythewater.jpg"]
        let past = Date(timeIntervalSinceNow: -600)
        for (i, name) in names.enumerated() {
            try Fixtures.copy(name, to: photos.file(name))
            try FileManager.default.setAttributes([.modificationDate: past.addingTimeInterval(Double(i))], ofItemAtPath: photos.file(name))
        }
        var logs: [[String]] = []
        for run in 1...2 {
            let result = try await CollageCommand.run(["watch", photos.path, "-o", out.file("run\(run).jpg"), "--size", "300x200"])
            #expect(result.status == 0)
            logs.append(result.stderrLines.filter { !$0.hasPrefix("collage: wrote") })
        }
        #expect(logs[0] == logs[1])
        #expect(logs[0].filter { $0.hasSuffix(": added") }.count == 6)
        #expect(try Data(contentsOf: URL(fileURLWithPath: out.file("run1.jpg"))) == Data(contentsOf: URL(fileURLWithPath: out.file("run2.jpg"))))
        try CollageChecks.expectTiles(of: out.file("run1.jpg"), show: ["path.jpg", "kite.jpg", "autumn.jpg", "coldripple.jpg", "fallenleaf.jpg", "eveningglow.jpg"].map(photos.file))
    }

    @Test func aMissingFolderExitsSixtySix() async throws {
        let result = try await CollageCommand.run(["watch", "/nonexistent-folder"])
        #expect(result.status == 66)
        #expect(result.stderrLines == ["collage: cannot watch /nonexistent-folder: No such file or directory"])
    }

    @Test func theFolderVanishingExitsSeventyFourAndKeepsTheCollage() async throws {
        let parent = try TemporaryDirectory(), out = try TemporaryDirectory()
        let folder = parent.file("photos")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let output = out.file("collage.jpg")
        let watch = try RunningCollage(["watch", folder, "-o", output, "--size", "300x200"])
        try FileManager.default.copyItem(atPath: Fixtures.path("autumn.jpg"), toPath: "\(folder)/autumn.jpg")
        try await watch.waitFor("collage: wrote \(output) (300x200, 1 photo)")
        try FileManager.default.moveItem(atPath: folder, toPath: parent.file("elsewhere"))
        #expect(await watch.status == 74)
        #expect(watch.stderrLines.last == "collage: \(folder) was deleted or moved while being watched; the last collage is kept")
        #expect(out.contents == ["collage.jpg"])
    }
}
