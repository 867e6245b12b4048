import CollageTestSupport
import Foundation
import Testing

/// What `build --pages` reads among the photos: nothing left out without a line.
@Suite("build --pages: every photo left out is said", .timeLimit(.minutes(2)))
struct PagesInputsEndToEndTests {
    static let repository = URL(fileURLWithPath: Fixtures.directory).deletingLastPathComponent().path
    let trip = try! TemporaryDirectory(), logs = try! TemporaryDirectory()

    /// `build trip --pages -o trip/album.jpg`: a guest's photo named album.jpg is the output's
    /// name. It is left out, and said so, in a line and in the NDJSON (valid against its schema),
    /// and stays as it was.
    @Test func aPhotoNamedAsTheOutputIsLeftOutWithALineAndAJSONEntry() async throws {
        for name in ["autumn.jpg", "kite.jpg"] { try Fixtures.copy(name, to: trip.file(name)) }
        try Fixtures.copy("bythewater.jpg", to: trip.file("album.jpg"))
        let before = try Data(contentsOf: URL(fileURLWithPath: trip.file("album.jpg")))
        let output = trip.file("album.jpg")
        // A dry run first, with --json: it writes no page.
        let json = try await Shell.run("collage build \(Shell.quote(trip.path)) --pages --size 300x200 --dry-run --json -o \(Shell.quote(output))"
            + " | tee \(Shell.quote(logs.file("events"))) | python3 \(Self.repository)/Tests/EndToEnd/validate-json.py \(Self.repository)/docs/pages-event.schema.json --lines",
            in: logs.path)
        #expect(json.status == 0, "\(json.stderr)")
        let events = try Data(contentsOf: URL(fileURLWithPath: logs.file("events")))
        #expect(try await Shell.jq(#"select(.type == "skipped") | "\(.data.path) \(.data.reason)""#, events) == ["\(output) output"])
        #expect(try await Shell.jq(#"select(.type == "pages") | "\(.data.given) \(.data.used) \(.data.skipped)""#, events) == ["3 2 1"])
        let result = try await CollageCommand.run(["build", trip.path, "--pages", "--size", "300x200", "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderrLines.contains("collage: \(output): the output (-o) names it: left out, not read as a photo"))
        try CollageChecks.expectTiles(of: trip.file("album-0001.jpg"), show: [trip.file("autumn.jpg"), trip.file("kite.jpg")])
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == before)
    }
}
