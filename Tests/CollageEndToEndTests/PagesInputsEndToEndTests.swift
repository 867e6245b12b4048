import CollageImaging
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
        try CollageChecks.expectTiles(of: trip.file("album-0001.jpg"), show: [trip.file("autumn.jpg"), trip.file("kite.jpg")],
                                      in: CollageChecks.pageTiles(count: 2, canvas: PixelSize(width: 300, height: 200)))
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == before)
    }
}

extension PagesInputsEndToEndTests {
    /// An earlier album's pages in the folder (one photo a page: each a larger copy of its photo,
    /// sorting first) are collages, recognised by their signed mark and said so; they never push
    /// the real photos out as their duplicates, nor take their place as better copies.
    @Test func anEarlierAlbumsPagesAreCollagesNotCopiesOfThePhotos() async throws {
        let names = ["autumn.jpg", "bythewater.jpg", "kite.jpg"]
        for name in names { try Fixtures.copy(name, to: trip.file(name)) }
        let earlier = try await CollageCommand.run(["build", trip.path, "--pages", "--limit", "1", "--size", "300x200", "-o", trip.file("a-old.jpg")])
        #expect(earlier.status == 0, "\(earlier.stderr)")
        let old = (1...3).map { trip.file(String(format: "a-old-%04d.jpg", $0)) }
        let out = try TemporaryDirectory()
        let result = try await CollageCommand.run(["build", trip.path, "--pages", "--size", "600x400", "-o", out.file("album.jpg")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderrLines.filter { !$0.hasPrefix("collage: wrote") }
            == old.map { "collage: \($0): a collage this tool wrote (its signed mark says so), not a photo" })
        try CollageChecks.expectTiles(of: out.file("album-0001.jpg"), show: names.map(trip.file),
                                      in: CollageChecks.pageTiles(count: 3, canvas: PixelSize(width: 600, height: 400)))
        // A photo whose name is numbered as a page's is still a photo.
        try Fixtures.copy("path.jpg", to: trip.file("IMG-0007.jpg"))
        let again = try await CollageCommand.run(["build", trip.path, "--pages", "--size", "600x400", "--dry-run", "--json", "-o", out.file("album.jpg")])
        #expect(try await Shell.jq(#"select(.type == "skipped") | "\(.data.reason)""#, Data(again.stdout.utf8)) == ["collage", "collage", "collage"])
        #expect(try await Shell.jq(#"select(.type == "added") | .data.path"#, Data(again.stdout.utf8)).contains(trip.file("IMG-0007.jpg")))
    }

    /// `build trip --pages -o trip/album.jpg`, three times: the first run writes its pages; each
    /// later one leaves them out as its own collages (reason `collage`, a line each), writes the
    /// same pages again, the same bytes, each a new file renamed over the old (atomically, as
    /// `build` replaces its collage), and leaves nothing else behind.
    @Test func pagesIntoTheirOwnFolderRunAgainAndAgain() async throws {
        let names = ["autumn.jpg", "bythewater.jpg", "eveningglow.jpg", "kite.jpg", "path.jpg"]
        for name in names { try Fixtures.copy(name, to: trip.file(name)) }
        let pages = (1...3).map { trip.file(String(format: "album-%04d.jpg", $0)) }
        var runs: [(stdout: [String], skipped: [String], bytes: [Data], inodes: [UInt64])] = []
        for _ in 1...3 {
            let result = try await CollageCommand.run(["build", trip.path, "--pages", "--limit", "2", "--size", "300x200", "--json", "-o", trip.file("album.jpg")])
            #expect(result.status == 0, "\(result.stderr)")
            let events = Data(result.stdout.utf8)
            let skipped = try await Shell.jq(#"select(.type == "skipped") | "\(.data.path) \(.data.reason)""#, events)
            let written = try await Shell.jq(#"select(.type == "saved") | .data.path"#, events)
            let bytes = try pages.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
            let inodes = try pages.map { try #require(FileManager.default.attributesOfItem(atPath: $0)[.systemFileNumber] as? UInt64) }
            runs.append((written, skipped, bytes, inodes))
        }
        #expect(runs.map(\.stdout) == Array(repeating: pages, count: 3))
        #expect(runs[0].skipped.isEmpty)
        #expect(runs[1].skipped == pages.map { "\($0) collage" } && runs[2].skipped == runs[1].skipped)
        #expect(runs[1].bytes == runs[0].bytes && runs[2].bytes == runs[0].bytes)
        for (earlier, later) in zip(runs, runs.dropFirst()) {
            #expect(zip(earlier.inodes, later.inodes).allSatisfy { $0 != $1 }, "each page is a new file renamed into place")
        }
        #expect(trip.contents == (names + pages.map { URL(fileURLWithPath: $0).lastPathComponent }).sorted())
    }
}

extension PagesInputsEndToEndTests {
    /// A page that cannot be written ends the run (73) with the pages before it complete: its
    /// line says no more pages are made, never a booth's "saving again at the next change".
    @Test func aPageThatCannotBeWrittenEndsTheRunAndSaysSo() async throws {
        for name in ["autumn.jpg", "bythewater.jpg", "kite.jpg"] { try Fixtures.copy(name, to: trip.file(name)) }
        try FileManager.default.createDirectory(atPath: logs.file("album-0002.jpg"), withIntermediateDirectories: false)
        let result = try await CollageCommand.run(["build", trip.path, "--pages", "--limit", "2", "--size", "300x200", "-o", logs.file("album.jpg")])
        #expect(result.status == 73, "\(result.stderr)")
        #expect(logs.contents == ["album-0001.jpg", "album-0002.jpg"])
        let failed = result.stderrLines.filter { $0.contains(logs.file("album-0002.jpg")) }
        #expect(failed.first?.hasSuffix("; no more pages are made") == true, "\(result.stderr)")
        #expect(!result.stderr.contains("saving again"), "\(result.stderr)")
    }
}
