import CollageTestSupport
import Foundation
import Testing

/// A booth as guests use it, through the real executable: a group's collage completes when the
/// group leaves (`--batch-timeout`) or when the operator says so (`collage finish`, SIGUSR1),
/// across a restart; a photo removed before its collage is complete leaves it (a retake), after
/// that it changes nothing. Waits are for log lines, with a deadline; nothing is timed.
@Suite("Booth sessions: timeout, finish now, retakes", .serialized, .timeLimit(.minutes(3)))
struct SessionsEndToEndTests {
    /// The book's grid for up to four photos, small: the tiles are checked with the book's layout.
    func booth(_ photos: TemporaryDirectory, _ out: TemporaryDirectory, _ extra: [String] = []) throws -> RunningCollage {
        try RunningCollage(["watch", photos.path, "-o", out.file("booth.jpg"), "--batches", "--limit", "4", "--size", "300x200", "--throttle", "0"] + extra)
    }

    func wrote(_ out: TemporaryDirectory, _ batch: Int, _ photos: Int) -> String {
        "collage: wrote \(out.file(String(format: "booth-%04d.jpg", batch))) (300x200, \(photos) photo\(photos == 1 ? "" : "s"))"
    }

    func count(_ line: String, in run: RunningCollage) -> Int { run.stderrLines.filter { $0 == line }.count }

    @Test func aBatchWithNoPhotoForTheTimeoutIsCompletedAndARestartAgrees() async throws {
        let photos = try TemporaryDirectory(), out = try TemporaryDirectory()
        // A group's two shots, there as the booth starts: read one after the other, well inside
        // the timeout, which counts from the newest photo added.
        try Fixtures.copy("autumn.jpg", to: photos.file("autumn.jpg"))
        try Fixtures.copy("kite.jpg", to: photos.file("kite.jpg"))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: photos.file("autumn.jpg"))
        var run = try booth(photos, out, ["--batch-timeout", "4s"])
        // The group leaves: the strip completes with its two photos, the next group starts another.
        try await run.waitFor("collage: \(out.file("booth-0001.jpg")) is complete with 2 photos: no photo came for the batch timeout")
        #expect(try await run.waitUntil { count(wrote(out, 1, 2), in: run) == 2 })
        try Fixtures.copy("coldripple.jpg", to: photos.file("coldripple.jpg"))
        try await run.waitFor(wrote(out, 2, 1))
        run.signal(SIGTERM)
        #expect(await run.status == 143)
        try CollageChecks.expectTiles(of: out.file("booth-0001.jpg"), show: [photos.file("autumn.jpg"), photos.file("kite.jpg")])

        // The next morning: collage 1 is complete in the journal; collage 2 is finished, and times out too.
        run = try booth(photos, out, ["--batch-timeout", "2s"])
        try await run.waitFor("collage: finishing \(out.file("booth-0002.jpg")) (1 photo) before starting another")
        try await run.waitFor("collage: \(out.file("booth-0002.jpg")) is complete with 1 photo: no photo came for the batch timeout")
        try Fixtures.copy("eveningglow.jpg", to: photos.file("eveningglow.jpg"))
        try await run.waitFor(wrote(out, 3, 1))
        // The journal says collage 1 is complete: a photo deleted from it changes nothing.
        try FileManager.default.removeItem(atPath: photos.file("kite.jpg"))
        try await run.waitFor("collage: \(photos.file("kite.jpg")) was removed, but \(out.file("booth-0001.jpg")) is complete: it stays as it is")
        run.signal(SIGTERM)
        #expect(await run.status == 143)
        #expect(!run.stderrLines.contains { $0.contains("finishing \(out.file("booth-0001.jpg"))") })
        try CollageChecks.expectTiles(of: out.file("booth-0003.jpg"), show: [photos.file("eveningglow.jpg")])
    }

    @Test func finishNowByTheCommandAndBySIGUSR1AcrossARestart() async throws {
        let photos = try TemporaryDirectory(), out = try TemporaryDirectory()
        var run = try booth(photos, out)
        try Fixtures.copy("autumn.jpg", to: photos.file("autumn.jpg"))
        try await run.waitFor(wrote(out, 1, 1))
        let finish = try await CollageCommand.run(["finish", out.file("booth.jpg")])
        #expect(finish.status == 0, "\(finish.stderr)")
        #expect(finish.stderrLines == ["collage: asked the booth (process \(run.process.processIdentifier)) to complete its open collage"])
        try await run.waitFor("collage: \(out.file("booth-0001.jpg")) is complete with 1 photo: finished by the operator")
        // Nothing open: said, and nothing changes.
        run.signal(SIGUSR1)
        try await run.waitFor("collage: nothing to finish: \(out.file("booth-0002.jpg")) has no photo yet")
        try Fixtures.copy("kite.jpg", to: photos.file("kite.jpg"))
        try await run.waitFor(wrote(out, 2, 1))
        run.signal(SIGTERM)
        #expect(await run.status == 143)

        // A restart finishes collage 2, which SIGUSR1 (systemctl kill -s USR1) then completes.
        run = try booth(photos, out)
        try await run.waitFor("collage: finishing \(out.file("booth-0002.jpg")) (1 photo) before starting another")
        run.signal(SIGUSR1)
        try await run.waitFor("collage: \(out.file("booth-0002.jpg")) is complete with 1 photo: finished by the operator")
        try Fixtures.copy("coldripple.jpg", to: photos.file("coldripple.jpg"))
        try await run.waitFor(wrote(out, 3, 1))
        run.signal(SIGTERM)
        #expect(await run.status == 143)
        try CollageChecks.expectTiles(of: out.file("booth-0001.jpg"), show: [photos.file("autumn.jpg")])
        try CollageChecks.expectTiles(of: out.file("booth-0002.jpg"), show: [photos.file("kite.jpg")])
    }

    @Test func aRetakeLeavesTheOpenBatchACompleteOneStaysAsItIs() async throws {
        let photos = try TemporaryDirectory(), out = try TemporaryDirectory()
        let run = try booth(photos, out, ["--limit", "2"])
        try Fixtures.copy("autumn.jpg", to: photos.file("autumn.jpg"))
        try await run.waitFor(wrote(out, 1, 1))
        try Fixtures.copy("kite.jpg", to: photos.file("kite.jpg"))
        try await run.waitFor(wrote(out, 1, 2))
        try FileManager.default.removeItem(atPath: photos.file("autumn.jpg"))
        // Complete at two: removing one of its photos changes nothing, and says so.
        try await run.waitFor("collage: \(photos.file("autumn.jpg")) was removed, but \(out.file("booth-0001.jpg")) is complete: it stays as it is")
        try Fixtures.copy("coldripple.jpg", to: photos.file("coldripple.jpg"))
        try await run.waitFor(wrote(out, 2, 1))
        try FileManager.default.removeItem(atPath: photos.file("coldripple.jpg"))
        try await run.waitFor("collage: \(photos.file("coldripple.jpg")) was removed: no photo is left for \(out.file("booth-0002.jpg"))")
        try Fixtures.copy("eveningglow.jpg", to: photos.file("eveningglow.jpg"))
        try await run.waitFor(wrote(out, 2, 1))  // the retake in its place
        #expect(try await run.waitUntil { count(wrote(out, 2, 1), in: run) == 2 })
        try Fixtures.copy("fallenleaf.jpg", to: photos.file("fallenleaf.jpg"))
        try await run.waitFor(wrote(out, 2, 2))
        run.signal(SIGTERM)
        #expect(await run.status == 143)
        // autumn.jpg is gone from the folder: its tile is checked against the fixture it was copied from.
        try CollageChecks.expectTiles(of: out.file("booth-0001.jpg"), show: [Fixtures.path("autumn.jpg"), photos.file("kite.jpg")])
        try CollageChecks.expectTiles(of: out.file("booth-0002.jpg"), show: [photos.file("eveningglow.jpg"), photos.file("fallenleaf.jpg")])
    }

    @Test func aPhotoRemovedFromAPartlyFilledBatchLeavesItsTiles() async throws {
        let photos = try TemporaryDirectory(), out = try TemporaryDirectory()
        let run = try booth(photos, out)
        for (index, name) in ["autumn.jpg", "kite.jpg", "coldripple.jpg"].enumerated() {
            try Fixtures.copy(name, to: photos.file(name))
            try await run.waitFor(wrote(out, 1, index + 1))
        }
        try FileManager.default.removeItem(atPath: photos.file("kite.jpg"))
        try await run.waitFor("collage: \(photos.file("kite.jpg")) was removed: \(out.file("booth-0001.jpg")) is made again with 2 photos")
        try await run.waitFor(wrote(out, 1, 2))
        #expect(try await run.waitUntil { count(wrote(out, 1, 2), in: run) == 2 })
        run.signal(SIGTERM)
        #expect(await run.status == 143)
        try CollageChecks.expectTiles(of: out.file("booth-0001.jpg"), show: [photos.file("autumn.jpg"), photos.file("coldripple.jpg")])
    }

    @Test func plainWatchRebuildsItsCollageWithoutARemovedPhoto() async throws {
        let photos = try TemporaryDirectory(), out = try TemporaryDirectory()
        let output = out.file("collage.jpg")
        let run = try RunningCollage(["watch", photos.path, "-o", output, "--size", "300x200", "--throttle", "0"])
        try Fixtures.copy("autumn.jpg", to: photos.file("autumn.jpg"))
        try await run.waitFor("collage: wrote \(output) (300x200, 1 photo)")
        try Fixtures.copy("kite.jpg", to: photos.file("kite.jpg"))
        try await run.waitFor("collage: wrote \(output) (300x200, 2 photos)")
        try FileManager.default.removeItem(atPath: photos.file("autumn.jpg"))
        try await run.waitFor("collage: \(photos.file("autumn.jpg")) was removed: \(output) is made again with 1 photo")
        #expect(try await run.waitUntil { count("collage: wrote \(output) (300x200, 1 photo)", in: run) == 2 })
        run.signal(SIGINT)
        #expect(await run.status == 130)
        try CollageChecks.expectTiles(of: output, show: [photos.file("kite.jpg")])
    }

    @Test func aRestartedBoothSummarisesThePhotosAlreadyInCollagesInOneLine() async throws {
        let photos = try TemporaryDirectory(), out = try TemporaryDirectory()
        var run = try booth(photos, out, ["--limit", "2"])
        for name in ["autumn.jpg", "kite.jpg", "coldripple.jpg", "eveningglow.jpg"] { try Fixtures.copy(name, to: photos.file(name)) }
        try await run.waitFor(wrote(out, 2, 2))
        run.signal(SIGTERM)
        #expect(await run.status == 143)
        run = try booth(photos, out, ["--limit", "2"])
        try await run.waitFor("collage: 4 photos already in 2 collages, \(out.file("booth-0001.jpg")), \(out.file("booth-0002.jpg")): not used again (-v lists them)")
        run.signal(SIGTERM)
        #expect(await run.status == 143)
        #expect(!run.stderrLines.contains { $0.hasSuffix("already in \(out.file("booth-0001.jpg"))") })
        // -v keeps a line for each.
        let verbose = try booth(photos, out, ["--limit", "2", "-v"])
        #expect(try await verbose.waitUntil { verbose.stderrLines.filter { $0.contains(": already in ") }.count == 4 })
        verbose.signal(SIGTERM)
        #expect(await verbose.status == 143)
    }

    @Test func aFileStillBeingCopiedWhenWatchStartsGetsOneLineOnceComplete() async throws {
        let photos = try TemporaryDirectory(), out = try TemporaryDirectory()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("autumn.jpg")))
        _ = FileManager.default.createFile(atPath: photos.file("autumn.jpg"), contents: nil)
        let copy = try #require(FileHandle(forWritingAtPath: photos.file("autumn.jpg")))
        try copy.write(contentsOf: bytes.prefix(bytes.count / 2))
        let output = out.file("collage.jpg")
        let run = try RunningCollage(["watch", photos.path, "-o", output, "--size", "300x200", "--throttle", "0"])
        // Once a photo dropped after the start is in, the first listing is long over.
        try Fixtures.copy("kite.jpg", to: photos.file("kite.jpg"))
        try await run.waitFor("collage: \(photos.file("kite.jpg")): added")
        try copy.write(contentsOf: bytes.dropFirst(bytes.count / 2))
        try copy.close()
        try await run.waitFor("collage: \(photos.file("autumn.jpg")): added")
        run.signal(SIGINT)
        #expect(await run.status == 130)
        #expect(run.stderrLines.filter { $0.contains("autumn.jpg") } == ["collage: \(photos.file("autumn.jpg")): added"])
    }
}
