import CollageTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A photo of the open collage deleted while the booth was stopped, through the real executable
/// and a stand-in `lp`: the restarted booth makes the collage again from the photos left, new
/// photos join it, and it is printed once, with each of its photos once.
@Suite("A removal seen at restart: the open collage is finished with the photos left", .timeLimit(.minutes(2)))
struct RestartRetakeEndToEndTests {
    let photos = try! TemporaryDirectory(), out = try! TemporaryDirectory()
    var collage: String { out.file("booth-0001.jpg") }

    func booth(_ printer: String) -> [String] {
        ["watch", photos.path, "-o", out.file("booth.jpg"), "--batches", "--limit", "3", "--size", "300x200", "--throttle", "0",
         "--json", "--print", "\(printer) {path}"]
    }

    static func count(_ type: String, in run: RunningCollage) -> Int {
        run.stdout.components(separatedBy: "\"type\":\"\(type)\"").count - 1
    }

    func saved(_ run: RunningCollage) async throws -> [String] {
        try await Shell.jq(#"select(.type == "saved") | "\(.data.photos) \(.data.complete)""#, Data(run.stdout.utf8))
    }

    @Test func aPhotoDeletedWhileStoppedLeavesTheCollageWhichIsFinishedAndPrintedWithTheRest() async throws {
        let lp = try PrintingEndToEndTests.standIn(in: out)
        let first = try RunningCollage(booth(lp.program))
        for (index, name) in ["autumn.jpg", "kite.jpg"].enumerated() {
            try Fixtures.copy(name, to: photos.file(name))
            #expect(try await first.waitUntil { Self.count("saved", in: first) == index + 1 })
        }
        first.signal(SIGTERM)
        #expect(await first.status == 143)
        try FileManager.default.removeItem(atPath: photos.file("kite.jpg"))

        let second = try RunningCollage(booth(lp.program))
        try await second.waitFor("collage: \(photos.file("kite.jpg")) was removed: \(collage) is made again with 1 photo")
        // Saved again with the photo left, so that it reaches the print.
        #expect(try await second.waitUntil { Self.count("saved", in: second) == 1 })
        #expect(try await saved(second) == ["1 false"])
        for name in ["coldripple.jpg", "bythewater.jpg"] { try Fixtures.copy(name, to: photos.file(name)) }
        try await second.waitFor("collage: printed \(collage)")
        second.signal(SIGTERM)
        #expect(await second.status == 143)

        #expect(try PrintingEndToEndTests.calls(lp.log) == [[collage]])
        let events = Data(second.stdout.utf8)
        let added = try await Shell.jq(#"select(.type == "added") | .data.path"#, events)
        #expect(added == ["autumn.jpg", "coldripple.jpg", "bythewater.jpg"].map(photos.file))
        #expect(try await Shell.jq(#"select(.type == "skipped") | .data.path"#, events).isEmpty, "no photo refused as already in it")
        #expect(try await saved(second) == ["1 false", "2 false", "3 true"])
        try CollageChecks.expectTiles(of: collage, show: ["autumn.jpg", "coldripple.jpg", "bythewater.jpg"].map(photos.file))
    }
}
