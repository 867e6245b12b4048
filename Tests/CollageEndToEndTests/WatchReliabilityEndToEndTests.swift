import CollageCodecs
import CollageCore
import CollageTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `watch` when things go wrong around it, through the real executable: odd files arriving, the
/// output folder vanishing, a photo booth restarted.
@Suite("collage watch when things go wrong, end to end", .timeLimit(.minutes(2)))
struct WatchReliabilityEndToEndTests {
    let photos = try! TemporaryDirectory(), out = try! TemporaryDirectory()

    func copy(_ name: String, as target: String? = nil) throws {
        try Fixtures.copy(name, to: photos.file(target ?? name))
    }

    /// A distinct small photo for each seed, JPEG-encoded by the tool's own encoder: a booth's
    /// day needs more different pictures than the fixtures hold.
    func generate(_ seed: Int, as name: String) throws {
        let bytes = try ImageEncoder.encode(TestImages.pattern(seed: seed, 120, 80), as: .jpeg)
        try Data(bytes).write(to: URL(fileURLWithPath: photos.file(name)))
    }

    func contents(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test func oddArrivalsAreReportedOrTakenAndTheWatchGoesOn() async throws {
        let watch = try RunningCollage(["watch", photos.path, "-o", out.file("collage.jpg"), "--size", "300x200", "--throttle", "0"])
        try copy("autumn.jpg")
        try await watch.waitFor("collage: 1 photo")  // the initial scan is over: the rest are inotify events
        try SpecialFiles.fifo(photos.file("pipe.jpg"))
        try await watch.waitFor("collage: \(photos.file("pipe.jpg")): a named pipe (FIFO), not a regular file")
        // A hard link brings no close event: it is complete the moment it appears.
        try Fixtures.copy("kite.jpg", to: out.file("kite.jpg"))
        try #require(link(out.file("kite.jpg"), photos.file("kite.jpg")) == 0)
        try await watch.waitFor("collage: 2 photos")
        try SpecialFiles.write(try Fixtures.bytes("bythewater.jpg"), to: Array(photos.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".jpg".utf8))
        try await watch.waitFor("collage: 3 photos")
        let socket = try SpecialFiles.socket(photos.file("sock.jpg"))
        defer { close(socket) }
        try await watch.waitFor("collage: \(photos.file("sock.jpg")): a socket, not a regular file")
        watch.signal(SIGTERM)
        #expect(await watch.status == 143)
        #expect(watch.stderrLines.filter { !$0.hasPrefix("collage: wrote") } == [
            "collage: \(photos.file("autumn.jpg")): added", "collage: 1 photo",
            "collage: \(photos.file("pipe.jpg")): a named pipe (FIFO), not a regular file",
            "collage: \(photos.file("kite.jpg")): added", "collage: 2 photos",
            "collage: \(photos.path)/caf\\xE9.jpg: added", "collage: 3 photos",
            "collage: \(photos.file("sock.jpg")): a socket, not a regular file",
        ])
        try CollageChecks.expectTiles(of: out.file("collage.jpg"), show: ["autumn.jpg", "kite.jpg", "bythewater.jpg"].map(Fixtures.path))
    }

    /// A watch saving into out/prints/, once it has saved its first collage (of autumn.jpg).
    func watchSavingIntoPrints() async throws -> (watch: RunningCollage, folder: String, output: String) {
        let folder = out.file("prints"), output = out.file("prints/collage.jpg")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let watch = try RunningCollage(["watch", photos.path, "-o", output, "--size", "300x200", "--throttle", "0"])
        try copy("autumn.jpg")
        try await watch.waitFor("collage: wrote \(output) (300x200, 1 photo)")
        return (watch, folder, output)
    }

    @Test func aSaveIntoAVanishedFolderIsReportedAndTheNextChangeSavesAgain() async throws {
        let (watch, folder, output) = try await watchSavingIntoPrints()
        try FileManager.default.removeItem(atPath: folder)
        try copy("kite.jpg")
        try await watch.waitFor("collage: cannot write \(output): No such file or directory; saving again at the next change")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        try copy("path.jpg")
        try await watch.waitFor("collage: wrote \(output) (300x200, 3 photos)")
        watch.signal(SIGTERM)
        #expect(await watch.status == 143)
        try CollageChecks.expectTiles(of: output, show: ["autumn.jpg", "kite.jpg", "path.jpg"].map(Fixtures.path))
        #expect(out.contents == ["prints"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["collage.jpg"])
    }

    @Test func theFinalCollageIsTriedFourTimesThenTheRunExitsSeventyThree() async throws {
        let (watch, folder, output) = try await watchSavingIntoPrints()
        try FileManager.default.removeItem(atPath: folder)
        for name in ["bythewater.jpg", "coldripple.jpg", "eveningglow.jpg", "fallenleaf.jpg", "kite.jpg"] { try copy(name) }
        #expect(await watch.status == 73)
        let failure = "collage: cannot write \(output): No such file or directory"
        #expect(watch.stderrLines.suffix(4) == [
            "\(failure); trying again in 0.5 s", "\(failure); trying again in 1 s", "\(failure); trying again in 2 s", failure,
        ])
        #expect(watch.stdout.isEmpty)
    }

    @Test func aBoothRestartedAfterItsFolderWasClearedOverwritesNoCollage() async throws {
        let past = Date(timeIntervalSinceNow: -600)
        for n in 1...12 {
            try generate(n, as: String(format: "p%02d.jpg", n))
            try FileManager.default.setAttributes([.modificationDate: past.addingTimeInterval(Double(n))], ofItemAtPath: photos.file(String(format: "p%02d.jpg", n)))
        }
        let output = out.file("booth.jpg"), (first, second, third) = (out.file("booth-0001.jpg"), out.file("booth-0002.jpg"), out.file("booth-0003.jpg"))
        let arguments = ["watch", photos.path, "-o", output, "--batches", "--size", "300x200", "--throttle", "0"]
        let day = try RunningCollage(arguments)
        try await day.waitFor("collage: wrote \(second) (300x200, 6 photos)")
        day.signal(SIGTERM)
        #expect(await day.status == 143)
        #expect(day.stdout == "\(first)\n\(second)\n")
        let printed = (try contents(first), try contents(second))

        // The operator takes away the six printed photos and starts the booth again.
        for n in 1...6 { try FileManager.default.removeItem(atPath: photos.file(String(format: "p%02d.jpg", n))) }
        let restart = try RunningCollage(arguments)
        // The six photos already in collage 2: one line for them all (-v lists each).
        let alreadyIn = "collage: 6 photos already in \(second): not used again (-v lists them)"
        try await restart.waitFor(alreadyIn)
        try generate(13, as: "p13.jpg")
        try await restart.waitFor("collage: wrote \(third) (300x200, 1 photo)")
        restart.signal(SIGTERM)
        #expect(await restart.status == 143)
        #expect(restart.stderrLines.filter { !$0.hasPrefix("collage: wrote") } == [
            "collage: \(out.file(".booth.jpg.journal")): 2 collages saved before; the next is \(third)",
            alreadyIn, "collage: \(photos.file("p13.jpg")): added", "collage: 1 photo",
        ])
        #expect(try contents(first) == printed.0 && contents(second) == printed.1)
        #expect(out.contents == [".booth.jpg.journal", ".booth.jpg.lock", "booth-0001.jpg", "booth-0002.jpg", "booth-0003.jpg"])
        try CollageChecks.expectTiles(of: third, show: [photos.file("p13.jpg")])
    }

    @Test func anUnfinishedCollageIsCompletedAndAForeignNumberedFileIsSkipped() async throws {
        let past = Date(timeIntervalSinceNow: -600)
        for n in 1...8 {
            try generate(n, as: "p\(n).jpg")
            try FileManager.default.setAttributes([.modificationDate: past.addingTimeInterval(Double(n))], ofItemAtPath: photos.file("p\(n).jpg"))
        }
        let output = out.file("booth.jpg"), (second, third, fourth) = (out.file("booth-0002.jpg"), out.file("booth-0003.jpg"), out.file("booth-0004.jpg"))
        let arguments = ["watch", photos.path, "-o", output, "--batches", "--size", "300x200", "--throttle", "0"]
        let day = try RunningCollage(arguments)
        try await day.waitFor("collage: wrote \(second) (300x200, 2 photos)")
        day.signal(SIGINT)
        #expect(await day.status == 130)
        try Fixtures.copy("kite.jpg", to: third)  // someone else's file

        let restart = try RunningCollage(arguments)
        try await restart.waitFor("collage: finishing \(second) (2 photos) before starting another")
        for n in 9...13 { try generate(n, as: "p\(n).jpg") }
        try await restart.waitFor("collage: wrote \(fourth) (300x200, 1 photo)")
        restart.signal(SIGTERM)
        #expect(await restart.status == 143)
        #expect(restart.stderrLines.contains("collage: \(third) is not in the journal \(out.file(".booth.jpg.journal")): it is kept, and its number skipped"))
        #expect(restart.stdout == "\(second)\n\(fourth)\n")
        #expect(try contents(third) == contents(Fixtures.path("kite.jpg")))
        try CollageChecks.expectTiles(of: second, show: [7, 8, 9, 10, 11, 12].map { photos.file("p\($0).jpg") })
        try CollageChecks.expectTiles(of: fourth, show: [photos.file("p13.jpg")])
    }
}
