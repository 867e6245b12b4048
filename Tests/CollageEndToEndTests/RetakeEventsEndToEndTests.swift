import CollageTestSupport
import Foundation
import Testing

/// A retake as a script counting `watch --json`'s events sees it, through the real executable:
/// the collage is made again from the photos kept, which are not announced again.
@Suite("A retake's NDJSON: each photo added once", .timeLimit(.minutes(2)))
struct RetakeEventsEndToEndTests {
    static let repository = URL(fileURLWithPath: Fixtures.directory).deletingLastPathComponent().path

    @Test func threePhotosOneRemovedEachRemainingPhotoIsAddedOnce() async throws {
        let photos = try TemporaryDirectory(), out = try TemporaryDirectory()
        let run = try RunningCollage(["watch", photos.path, "-o", out.file("booth.jpg"), "--batches", "--limit", "4", "--size", "300x200",
                                      "--throttle", "0", "--json"])
        for (index, name) in ["autumn.jpg", "kite.jpg", "coldripple.jpg"].enumerated() {
            try Fixtures.copy(name, to: photos.file(name))
            #expect(try await run.waitUntil { run.stdout.components(separatedBy: "\"type\":\"saved\"").count - 1 == index + 1 })
        }
        try FileManager.default.removeItem(atPath: photos.file("kite.jpg"))
        // The collage made again: a fourth saved event, of two photos.
        #expect(try await run.waitUntil { run.stdout.components(separatedBy: "\"type\":\"saved\"").count - 1 == 4 })
        run.signal(SIGINT)
        #expect(await run.status == 130)
        let events = Data(run.stdout.utf8)
        let added = try await Shell.jq(#"select(.type == "added") | .data.path"#, events)
        #expect(added == ["autumn.jpg", "kite.jpg", "coldripple.jpg"].map(photos.file))
        #expect(try await Shell.jq(#"select(.type == "saved") | .data.photos"#, events) == ["1", "2", "3", "2"])
        let schema = try await Shell.run("python3 \(Self.repository)/Tests/EndToEnd/validate-json.py \(Self.repository)/docs/watch-event.schema.json --lines",
                                         stdin: events)
        #expect(schema.status == 0, "\(schema.stderr)")
        try CollageChecks.expectTiles(of: out.file("booth-0001.jpg"), show: [photos.file("autumn.jpg"), photos.file("coldripple.jpg")])
    }

    /// A retake saved under the name of a shot of the open strip, by `cp` over it and by a
    /// rename over it: the old shot leaves the strip and the new one joins it, never both.
    @Test(arguments: ["copy", "rename"])
    func aRetakeSavedUnderItsNameReplacesTheShot(how: String) async throws {
        let photos = try TemporaryDirectory(), out = try TemporaryDirectory(), staging = try TemporaryDirectory()
        let run = try RunningCollage(["watch", photos.path, "-o", out.file("booth.jpg"), "--batches", "--limit", "4", "--size", "300x200",
                                      "--throttle", "0"])
        let wrote = { (count: Int) in "collage: wrote \(out.file("booth-0001.jpg")) (300x200, \(count) photo\(count == 1 ? "" : "s"))" }
        for (index, name) in ["autumn.jpg", "kite.jpg", "coldripple.jpg"].enumerated() {
            try Fixtures.copy(name, to: photos.file("a\(index).jpg"))
            try await run.waitFor(wrote(index + 1))
        }
        if how == "copy" {
            let copied = try await Shell.run("cp \(Shell.quote(Fixtures.path("bythewater.jpg"))) \(Shell.quote(photos.file("a1.jpg")))")
            #expect(copied.status == 0)
        } else {
            try Fixtures.copy("bythewater.jpg", to: staging.file("retake.jpg"))
            let moved = try await Shell.run("mv \(Shell.quote(staging.file("retake.jpg"))) \(Shell.quote(photos.file("a1.jpg")))")
            #expect(moved.status == 0)
        }
        try await run.waitFor("collage: \(photos.file("a1.jpg")) was removed: \(out.file("booth-0001.jpg")) is made again with 2 photos")
        #expect(try await run.waitUntil { run.stderrLines.filter { $0 == wrote(3) }.count == 2 })
        run.signal(SIGINT)
        #expect(await run.status == 130)
        #expect(!run.stderrLines.contains(wrote(4)), "both versions of a1.jpg in the strip")
        try CollageChecks.expectTiles(of: out.file("booth-0001.jpg"),
                                      show: [Fixtures.path("autumn.jpg"), Fixtures.path("coldripple.jpg"), Fixtures.path("bythewater.jpg")])
    }
}
