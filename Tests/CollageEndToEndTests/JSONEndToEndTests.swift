import CollageTestSupport
import Foundation
import Testing

/// The JSON reports are an interface: every documented field is read back with `jq`.
@Suite("JSON reports, read with jq", .timeLimit(.minutes(2)))
struct JSONEndToEndTests {
    @Test func buildReportsEveryInputAndTheOutput() async throws {
        let out = try TemporaryDirectory()
        let output = out.file("c.png")
        let result = try await Shell.run(
            "collage build autumn.jpg portrait.jpg kite.jpg kite-copy.jpg truncated.jpg not-an-image.jpg --size 600x400 --json -o \(output)",
            in: Fixtures.directory)
        #expect(result.status == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: output)).count
        let json = result.stdout
        #expect(try await Shell.jq(#".output | "\(.path) \(.format) \(.width)x\(.height) \(.bytes)""#, json) == ["\(output) png 600x400 \(bytes)"])
        #expect(try await Shell.jq(#""\(.dryRun) \(.format) \(.canvas.width)x\(.canvas.height) \(.used) \(.error)""#, json) == ["false png 600x400 2 null"])
        #expect(try await Shell.jq(#""\(.canvas.orientation) \(.canvas.turned)""#, json) == ["landscape false"])
        #expect(try await Shell.jq(#".inputs[0] | "\(.path) \(.status) \(.index) \(.width)x\(.height) \(.tile | [.x, .y, .width, .height])""#, json)
            == ["autumn.jpg used 0 320x200 [0,0,300,400]"])
        #expect(try await Shell.jq(#".inputs[0] | "\(.fingerprint | test("^[0-9a-f]{32}$")) \(.decode.format) \(.decode.scale) \(.decode.orientation)""#, json)
            == ["true JPEG 1/1 1"])
        #expect(try await Shell.jq(#".inputs[1] | "\(.status) \(.reason) \(.width)x\(.height) \(.detail)""#, json)
            == ["skipped portrait 180x320 portrait (180x320 as displayed), only landscape photos are used (keep them with --accept any)"])
        #expect(try await Shell.jq(#".inputs[2] | "\(.status) \(.index) \(.tile.x)""#, json) == ["used 1 300"])
        #expect(try await Shell.jq(#".inputs[3] | "\(.status) \(.reason) \(.duplicateOf) \(.detail)""#, json)
            == ["skipped duplicate kite.jpg duplicate of kite.jpg"])
        #expect(try await Shell.jq(#".inputs[4] | "\(.reason) \(.width)x\(.height) \(.detail)""#, json)
            == ["truncated 320x200 truncated JPEG file (premature end of data)"])
        #expect(try await Shell.jq(#".inputs[5] | "\(.reason) \(has("width")) \(.detail)""#, json)
            == ["not-an-image false not an image (neither JPEG, PNG, HEIC, AVIF, HEIF nor WebP)"])
        #expect(try await Shell.jq(".timings | [.selectSeconds, .renderSeconds, .saveSeconds] | map(type) | @csv", json) == [#""number","number","number""#])
        // `pathBytes` is only there for a name that is not UTF-8 (jq prints null for a key that
        // is absent, so `has` is asked, not the value).
        #expect(try await Shell.jq(#"[.inputs[] | has("pathBytes"), has("duplicateOfBytes")] | any"#, json) == ["false"])
        #expect(try await Shell.jq(#".output | has("pathBytes")"#, json) == ["false"])
    }

    /// Cut short and closed with an EOI marker, libjpeg only warns: inspect and a dry run both
    /// read the whole photo, and both call it truncated, never a grey tile.
    @Test func inspectAndADryRunAgreeThatAJPEGEndingEarlyAtEOIIsTruncated() async throws {
        let names = "autumn.jpg truncated-eoi.jpg huge-eoi.jpg truncated-rst.jpg"
        let inspect = try await Shell.run("collage inspect \(names) --json", in: Fixtures.directory)
        let plan = try await Shell.run("collage build \(names) --dry-run --json", in: Fixtures.directory)
        #expect(inspect.status == 0 && plan.status == 0)
        let expected = ["autumn.jpg used null"] + ["truncated-eoi.jpg", "huge-eoi.jpg", "truncated-rst.jpg"].map { "\($0) skipped truncated" }
        #expect(try await Shell.jq(#""\(.path) \(.status) \(.reason)""#, inspect.stdout) == expected)
        #expect(try await Shell.jq(#".inputs[] | "\(.path) \(.status) \(.reason)""#, plan.stdout) == expected)
    }

    @Test func aFailedBuildStillReportsItsInputs() async throws {
        let result = try await Shell.run("collage build portrait.jpg square.jpg many-scans.jpg --json -o /tmp/never.jpg", in: Fixtures.directory)
        #expect(result.status == 65)
        #expect(try await Shell.jq(#""\(.output) \(.error.code)""#, result.stdout) == ["null no-usable-photo"])
        #expect(try await Shell.jq(".inputs[].reason", result.stdout) == ["portrait", "square", "too-many-scans"])
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never.jpg"))
    }

    @Test func overTheLimitAndOverSizeHaveTheirCodes() async throws {
        let result = try await Shell.run(
            "collage build autumn.jpg kite.jpg bomb.png --max-pixels 64000 --limit 1 --json --dry-run", in: Fixtures.directory)
        #expect(try await Shell.jq(#".inputs[] | "\(.status) \(.reason)""#, result.stdout) == ["used null", "skipped over-limit", "skipped over-limit"])
        let large = try await Shell.run("collage build bomb.png autumn.jpg --json --dry-run", in: Fixtures.directory)
        #expect(try await Shell.jq(".inputs[0].reason", large.stdout) == ["too-large"])
    }

    @Test func inspectWritesOneObjectPerFile() async throws {
        let result = try await Shell.run("collage inspect --json cups-exif6.jpg portrait-exif6.jpg kite.jpg kite-copy.jpg empty.jpg", in: Fixtures.directory)
        #expect(result.status == 0)
        let rows = try await Shell.jq(
            #""\(.path) \(.format) \(.width)x\(.height) \(.storedWidth)x\(.storedHeight) \(.orientation) \(.progressive) \(.shape) \(.status) \(.reason) \(.duplicateOf)""#,
            result.stdout)
        #expect(rows == [
            "cups-exif6.jpg jpeg 240x180 180x240 6 false landscape used null null",
            "portrait-exif6.jpg jpeg 180x320 320x180 6 false portrait skipped portrait null",
            "kite.jpg jpeg 320x200 320x200 1 false landscape used null null",
            "kite-copy.jpg jpeg 320x200 320x200 1 false landscape skipped duplicate kite.jpg",
            "empty.jpg null nullxnull nullxnull null null null skipped not-an-image null",
        ])
        #expect(try await Shell.jq(#"select(.path == "kite-copy.jpg") | "\(.nearest.path) \(.nearest.distance)""#, result.stdout) == ["kite.jpg 0"])
        #expect(try await Shell.jq(#"select(.path == "kite.jpg") | .tile | "\(.width)x\(.height)+\(.x)+\(.y)""#, result.stdout) == ["900x1200+900+0"])
    }

    /// docs/scripting.md: "new fields may be added". The schemas say so too: every report, with a
    /// field added to each of its objects, still validates.
    @Test func theSchemasLetFieldsBeAdded() async throws {
        let repository = URL(fileURLWithPath: Fixtures.directory).deletingLastPathComponent().path
        let out = try TemporaryDirectory()
        let added = #"jq -c 'walk(if type == "object" then . + {"addedLater": 1} else . end)'"#
        let reports = [
            ("collage build autumn.jpg kite.jpg kite-copy.jpg portrait.jpg --json -o \(out.file("c.jpg"))", "build.schema.json", ""),
            ("collage build autumn.jpg kite.jpg kite-copy.jpg --pages --limit 1 --json -o \(out.file("p.jpg"))", "pages-event.schema.json", " --lines"),
            ("collage inspect autumn.jpg kite.jpg kite-copy.jpg portrait.jpg --json", "inspect.schema.json", " --lines"),
        ]
        for (command, schema, lines) in reports {
            let result = try await Shell.run("set -o pipefail; \(command) | \(added) | python3 \(repository)/Tests/EndToEnd/validate-json.py \(repository)/docs/\(schema)\(lines)",
                                             in: Fixtures.directory)
            #expect(result.status == 0, "\(schema): \(result.stderr)")
        }
    }

    @Test func watchEventsReachAPipeTheMomentTheyHappen() async throws {
        let photos = try TemporaryDirectory(), out = try TemporaryDirectory()
        let events = out.file("events.ndjson")
        // The real client on a real pipe: a block-buffered stdout would hold these lines back.
        let running = Task {
            try await Shell.run("collage watch \(photos.path) --json --throttle 0 --size 300x200 -o \(out.file("c.jpg")) | jq -c --unbuffered . > \(events)")
        }
        defer { running.cancel() }  // a test that gave up waiting kills the watch at once
        func lines() -> [String] { ((try? String(contentsOfFile: events, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }
        struct NeverCame: Error, CustomStringConvertible {
            let type: String
            let seen: [String]
            var description: String { "no \"\(type)\" event within a minute; the events seen:\n" + seen.joined(separator: "\n") }
        }
        func waitFor(_ type: String) async throws {
            let clock = ContinuousClock(), end = clock.now + .seconds(60)
            while !lines().contains(where: { $0.contains(#""type":"\#(type)""#) }) {
                guard clock.now < end else { throw NeverCame(type: type, seen: lines()) }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        try await waitFor("started")
        try FileManager.default.copyItem(atPath: Fixtures.path("autumn.jpg"), toPath: photos.file("autumn.jpg"))
        try await waitFor("saved")  // seen while the watch is still running
        // The portrait's verdict is seen before the photos that end the watch arrive (copied with
        // them, its `skipped` event was once missing from the run under ThreadSanitizer's pace).
        try FileManager.default.copyItem(atPath: Fixtures.path("portrait.jpg"), toPath: photos.file("portrait.jpg"))
        try await waitFor("skipped")
        for name in ["bythewater.jpg", "kite.jpg", "coldripple.jpg", "eveningglow.jpg", "path.jpg"] {
            try FileManager.default.copyItem(atPath: Fixtures.path(name), toPath: photos.file(name))
        }
        #expect(try await running.value.status == 0)
        let json = Data(lines().joined(separator: "\n").utf8)
        #expect(try await Shell.jq(".type", json).first == "started")
        #expect(try await Shell.jq(#"select(.type == "started") | .data | "\(.limit) \(.batches) \(.throttleSeconds)""#, json) == ["6 false 0"])
        #expect(try await Shell.jq(#"select(.type == "added") | .data | "\(.path | split("/") | last) \(.width)x\(.height) \(.photos)""#, json).first
            == "autumn.jpg 320x200 1")
        #expect(try await Shell.jq(#"select(.type == "skipped") | .data | "\(.path | split("/") | last) \(.reason) \(.width)x\(.height)""#, json)
            == ["portrait.jpg portrait 180x320"])
        #expect(try await Shell.jq(#"select(.type == "saved") | .data | "\(.format) \(.width)x\(.height) \(.photos) \(.batch) \(.bytes > 0)""#, json).last
            == "jpeg 300x200 6 1 true")
        #expect(try await Shell.jq(#"select(.type == "finished") | .data | "\(.reason) \(.exitStatus) \(.collages | map(.path) | @json)""#, json)
            == [#"complete 0 ["\#(out.file("c.jpg"))"]"#])
        #expect(try await Shell.jq(".type", json).last == "finished")
    }

    /// `started` is the first event, as scripting.md shows, even when the output's folder has to
    /// be made first: that line follows it.
    @Test func startedComesFirstEvenWhenTheOutputsFolderIsMade() async throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.file("photos"), withIntermediateDirectories: false)
        for name in Fixtures.landscapes.prefix(6) { try FileManager.default.copyItem(atPath: Fixtures.path(name), toPath: folder.file("photos/\(name)")) }
        let result = try await Shell.run("collage watch photos --json --throttle 0 --size 300x200 -o made/here/c.jpg", in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try await Shell.jq("[.type] | join(\" \")", result.stdout).prefix(2) == ["started", "notice"])
        #expect(try await Shell.jq(#"select(.type == "notice") | .data.message"#, result.stdout) == ["created the folder made/here for the output"])
    }
}
