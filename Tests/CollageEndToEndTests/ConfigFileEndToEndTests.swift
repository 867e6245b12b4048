import CollageImaging
import CollageTestSupport
import Foundation
import Testing

/// `--config`: a booth set up in one file, through the real executable.
@Suite("--config: a booth set up in one file, end to end", .timeLimit(.minutes(3)))
struct ConfigFileEndToEndTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// The README's wedding booth (its screen on a port of its own), small and with a stand-in printer.
    static let weddingFlags = """
        photos --batches --grid 2x2 --batch-timeout 2m -o prints/booth.jpg --caption 'Anna & Ben · {today:%e %B %Y}' \
        --print './lp -n {copies} {path}' --serve 127.0.0.1:0 --public-url http://booth.local:8090 --size 600x400 --json
        """
    static let weddingFile = """
        # The README's wedding booth.
        folder = "photos"
        output = "prints/booth.jpg"
        batches = true
        grid = "2x2"
        batch-timeout = "2m"
        caption = "Anna & Ben · {today:%e %B %Y}"
        print = "./lp -n {copies} {path}"
        serve = "127.0.0.1:0"
        public-url = "http://booth.local:8090"
        size = "600x400"
        json = true

        """

    /// A folder with four guests' shots and the stand-in printer, the booth run until its first
    /// collage is printed, then stopped: its NDJSON without timings, the chosen port or the
    /// in-between saves a throttle times, and the collage's bytes.
    func booth(_ arguments: String, file: String? = nil) async throws -> (events: [String], collage: [UInt8], printed: [[String]], width: Int) {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.file("photos"), withIntermediateDirectories: false)
        for (index, name) in Fixtures.landscapes.prefix(4).enumerated() {
            try FileManager.default.copyItem(atPath: Fixtures.path(name), toPath: folder.file("photos/booth-\(index + 1).jpg"))
        }
        let printer = try PrintingEndToEndTests.standIn(in: folder)
        if let file { try file.write(toFile: folder.file("booth.toml"), atomically: true, encoding: .utf8) }
        let run = try await Shell.run(
            "collage watch \(arguments) > events 2>/dev/null & pid=$!; \(Shell.waitUntil("[ -s lp.log ]", else: "kill -KILL $pid")); kill -TERM $pid; wait $pid",
            in: folder.path)
        #expect(run.status == 143, "\(run.stderr)")
        let events = try await Shell.jq("""
            select(.type != "saved" or .data.complete) | del(.data.url)
              | walk(if type == "object" then with_entries(select(.key | endswith("Seconds") | not)) else . end) | tojson
            """, Data(contentsOf: URL(fileURLWithPath: folder.file("events"))))
        // The collage's pixels (its mark names its own output, another folder each run) and the
        // print command's arguments, the collage by name (it prints a private copy).
        let collage = try CollageChecks.decode(folder.file("prints/booth-0001.jpg"))
        let printed = try PrintingEndToEndTests.calls(printer.log).map { $0.map { URL(fileURLWithPath: $0).lastPathComponent } }
        return (events, collage.pixels, printed, collage.size.width)
    }

    @Test func theWeddingBoothFromItsFileIsTheWeddingBoothFromFlags() async throws {
        let flags = try await booth(Self.weddingFlags)
        let file = try await booth("--config booth.toml", file: Self.weddingFile)
        #expect(flags.collage == file.collage)
        #expect(flags.events == file.events)
        #expect(flags.printed == file.printed)
        #expect(flags.events.contains { $0.contains(#""type":"printed""#) })
    }

    @Test func aFlagOnTheCommandLineWinsOverItsKey() async throws {
        let strips = try await booth("--config booth.toml --grid 1x4 --size 300x900", file: Self.weddingFile)
        #expect(strips.width == 300)
    }

    /// A test print before the guests: `build` given the booth's file takes its look and its
    /// print, and leaves out what only the booth takes (its folder, batches, the screen), in
    /// one line; the collage is the one the same flags make, and it is printed once.
    @Test func aTestPrintWithTheBoothsFileTakesItsLookAndLeavesTheBoothAlone() async throws {
        let folder = try TemporaryDirectory()
        let printer = try PrintingEndToEndTests.standIn(in: folder)
        try Self.weddingFile.replacingOccurrences(of: "json = true\n", with: "")
            .write(toFile: folder.file("booth.toml"), atomically: true, encoding: .utf8)
        let photos = Fixtures.landscapes.prefix(2).map(Fixtures.path).joined(separator: " ")
        let run = try await Shell.run("collage build \(photos) --config booth.toml -o test.jpg", in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderrLines.first == "collage: booth.toml: folder, batches, batch-timeout, serve, public-url: the booth's settings, left out of build")
        let flags = try await Shell.run("collage build \(photos) --grid 2x2 --caption 'Anna & Ben · {today:%e %B %Y}' --size 600x400 -o flags.jpg",
                                        in: folder.path)
        #expect(flags.status == 0, "\(flags.stderr)")
        #expect(try CollageChecks.decode(folder.file("test.jpg")).pixels == CollageChecks.decode(folder.file("flags.jpg")).pixels)
        let printed = try PrintingEndToEndTests.calls(printer.log).map { $0.map { URL(fileURLWithPath: $0).lastPathComponent } }
        #expect(printed == [["-n", "1", "test.jpg"]])
        #expect(!FileManager.default.fileExists(atPath: folder.file("prints")))
    }

    /// A mistake in the file is named with the file and its line, exits 78, and nothing starts:
    /// no output folder, no lock, no server.
    @Test(arguments: [
        ("gird = \"1x4\"", "collage: booth.toml: line 2: gird: Unknown option '--gird'. Did you mean '--grid'?"),
        ("grid = \"1y4\"", "collage: booth.toml: line 2: grid: The value '1y4' is invalid for '--grid <grid>': bad grid '1y4': use auto or COLUMNSxROWS, such as 3x2 or 1x4"),
        ("pages = true", "collage: booth.toml: line 2: pages: an option of collage build and collage inspect, not of collage watch"),
        ("[booth]", "collage: booth.toml: line 2: tables ([...]) are not used: every setting is a key at the top level"),
        ("batch-timeout = \"90s\"", "collage: booth.toml: line 2: batch-timeout: --batch-timeout needs --batches."),
    ])
    func aMistakeIsNamedWithItsLineAndNothingStarts(line: String, refusal: String) async throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.file("photos"), withIntermediateDirectories: false)
        try "folder = \"photos\"\n\(line)\noutput = \"prints/booth.jpg\"\n".write(toFile: folder.file("booth.toml"), atomically: true, encoding: .utf8)
        let run = try await Shell.run("collage watch --config booth.toml", in: folder.path)
        #expect(run.status == 78)
        #expect(run.stderrLines == [refusal])
        #expect(!FileManager.default.fileExists(atPath: folder.file("prints")))
    }

    @Test func aMissingFileIsAMissingInput() async throws {
        let folder = try TemporaryDirectory()
        let run = try await Shell.run("collage watch --config booth.toml", in: folder.path)
        #expect(run.status == 66)
        #expect(run.stderrLines == ["collage: booth.toml: cannot read: No such file or directory"])
    }

    /// booth.md shows docs/booth.toml: what it shows is the file.
    @Test func theGuideShowsTheShippedFile() throws {
        let guide = try String(contentsOfFile: Self.repository + "/docs/booth.md", encoding: .utf8)
        let shown = try #require(guide.components(separatedBy: "```toml\n").dropFirst().first?.components(separatedBy: "```").first)
        let file = try String(contentsOfFile: Self.repository + "/docs/booth.toml", encoding: .utf8)
        #expect(file.split(separator: "\n").filter { !$0.hasPrefix("#") } == shown.split(separator: "\n"))
    }
}
