import CollageCore
import CollageTestSupport
import Foundation
import Testing
import CollageImaging

/// Every pipeline of the cookbook in docs/scripting.md (which `make doc-test` also runs as written),
/// and the JSON each command writes checked against the schemas in docs/.
@Suite("The cookbook of docs/scripting.md, run for real", .timeLimit(.minutes(3)))
struct CookbookTests {
    static let repository = URL(fileURLWithPath: Fixtures.directory).deletingLastPathComponent().path

    /// trip/ with seven landscapes and a portrait; albums/ with two albums of three.
    func workspace() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        let manager = FileManager.default
        for sub in ["trip", "albums/paris", "albums/rome", "booth"] {
            try manager.createDirectory(atPath: folder.file(sub), withIntermediateDirectories: true)
        }
        for name in Fixtures.landscapes + ["portrait.jpg"] { try manager.copyItem(atPath: Fixtures.path(name), toPath: folder.file("trip/\(name)")) }
        for (album, names) in [("paris", ["autumn.jpg", "kite.jpg", "path.jpg"]), ("rome", ["coldripple.jpg", "fallenleaf.jpg", "eveningglow.jpg"])] {
            for name in names { try manager.copyItem(atPath: Fixtures.path(name), toPath: folder.file("albums/\(album)/\(name)")) }
        }
        return folder
    }

    @Test func findPrint0IntoBuild() async throws {
        let folder = try workspace()
        let result = try await Shell.run("find trip -name '*.jpg' -print0 | collage build -0 - -o trip.jpg", in: folder.path)
        #expect(result.status == 0)
        #expect(result.lines == ["trip.jpg"])
        #expect(result.stderrLines.count == 2)  // the portrait, and the seventh landscape over the limit
    }

    @Test func oneCollagePerAlbumTwoAtATime() async throws {
        let folder = try workspace()
        let result = try await Shell.run(
            "find albums -mindepth 1 -maxdepth 1 -type d -print0 | xargs -0 -P 2 -I{} collage build {} -o {}.jpg", in: folder.path)
        #expect(result.status == 0)
        #expect(Set(result.lines) == ["albums/paris.jpg", "albums/rome.jpg"])
        #expect(try CollageChecks.decode(folder.file("albums/rome.jpg")).size.width == 1800)
    }

    @Test func skippedPhotosAsATable() async throws {
        let folder = try workspace()
        let result = try await Shell.run(
            #"collage build trip --dry-run --json | jq -r '.inputs[] | select(.status == "skipped") | [.path, .reason] | @tsv'"#, in: folder.path)
        #expect(result.lines == ["trip/path.jpg\tover-limit", "trip/portrait.jpg\tover-limit"])
    }

    @Test func aThumbnailThroughAnotherTool() async throws {
        let folder = try workspace()
        let result = try await Shell.run("collage build trip -o - | djpeg -scale 1/4 | cjpeg -quality 80 > thumbnail.jpg", in: folder.path)
        #expect(result.status == 0)
        #expect(try CollageChecks.decode(folder.file("thumbnail.jpg")).size.description == "450x300")
    }

    /// The README's printing booth and its journal query word for word, with a stand-in `lp`
    /// (a script first on PATH: `--print` runs a program, not a shell function) that records
    /// its arguments.
    @Test func printEachFinishedBoothCollage() async throws {
        let folder = try workspace()
        try FileManager.default.createDirectory(atPath: folder.file("prints"), withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: folder.file("bin"), withIntermediateDirectories: false)
        try "#!/bin/sh\necho \"$*\" >> \"$PRINTED\"\n".write(toFile: folder.file("bin/lp"), atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.file("bin/lp"))
        let booth = #"collage watch booth --batches -o prints/booth.jpg --print 'lp -d booth -n {copies} {path}'"#
        let query = #"collage journal show prints/booth.jpg --json | jq -r '.collages[] | "\(.file) \(.print)"'"#
        let script = """
            export PATH="$PWD/bin:$PATH" PRINTED="$PWD/printed"
            \(booth) >/dev/null 2>&1 & pid=$!  # its stdout lists the collages it leaves: not looked at here
            # Copied under a hidden name (which watch ignores), then renamed: never seen half-copied.
            for f in \(Fixtures.landscapes.prefix(6).map { Fixtures.path($0) }.joined(separator: " ")); do
              cp "$f" booth/.incoming && mv booth/.incoming "booth/${f##*/}"
            done
            \(Shell.waitUntil("[ -s printed ]", else: "kill -TERM $pid"))
            kill -TERM $pid; wait $pid
            cat printed
            \(query)
            """
        let result = try await Shell.run(script, in: folder.path)
        // lp is given the private copy of the collage (`collage-print.PID.XXXXXX/booth-0001.jpg` in the key's folder).
        let call = result.lines.first ?? ""
        #expect(call.hasPrefix("-d booth -n 1 /") && call.hasSuffix("/booth-0001.jpg") && call.contains("/collage-print."), "\(result.lines)")
        #expect(result.lines.dropFirst() == ["booth-0001.jpg printed"], "\(result.stderr)")
        #expect(try CollageChecks.decode(folder.file("prints/booth-0001.jpg")).size.width == 1800)
    }

    @Test func theSystemdUnitVerifiesAndItsCommandRuns() async throws {
        let folder = try workspace()
        let unit = try String(contentsOfFile: Self.repository + "/docs/collage-booth.service", encoding: .utf8)
        let local = unit
            .replacingOccurrences(of: "/usr/local/bin/collage", with: CollageCommand.executable)
            .replacingOccurrences(of: "/srv/booth", with: folder.path)
            .replacingOccurrences(of: "/etc/collage/booth.toml", with: folder.file("booth.toml"))
            .replacingOccurrences(of: "User=booth", with: "User=\(NSUserName())")
        try FileManager.default.createDirectory(atPath: folder.file("photos"), withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: folder.file("prints"), withIntermediateDirectories: false)
        try local.write(toFile: folder.file("collage-booth.service"), atomically: true, encoding: .utf8)
        // The settings the unit reads: docs/booth.toml's folders, without its printer and screen.
        try "folder = \"photos\"\noutput = \"prints/booth.jpg\"\nbatches = true\n".write(toFile: folder.file("booth.toml"), atomically: true, encoding: .utf8)
        let verify = try await Shell.run("systemd-analyze verify --man=no collage-booth.service", in: folder.path)
        #expect(verify.status == 0, "\(verify.stderr)")
        // Its ExecStart, run as systemd would, stopped as `systemctl stop` does once the first
        // collage and its journal are written (the journal follows the collage).
        let command = try #require(local.split(separator: "\n").first { $0.hasPrefix("ExecStart=") }?.dropFirst("ExecStart=".count))
        for name in Fixtures.landscapes.prefix(6) { try FileManager.default.copyItem(atPath: Fixtures.path(name), toPath: folder.file("photos/\(name)")) }
        let run = try await Shell.run(
            "\(command) & pid=$!; \(Shell.waitUntil("[ -s prints/.booth.jpg.journal ]", else: "kill -KILL $pid")); kill -TERM $pid; wait $pid; echo $?",
            in: folder.path)
        #expect(run.lines.last == "143")  // the unit's SuccessExitStatus
        #expect(FileManager.default.fileExists(atPath: folder.file("prints/booth-0001.jpg")))
    }

    @Test func theJSONMatchesItsSchemas() async throws {
        let folder = try workspace()
        /// `command`'s JSON through the validator, and `command`'s own exit status (the one the
        /// README documents for that case), kept aside in a file: the pipe's status is the validator's.
        func validate(_ command: String, _ schema: String, lines: Bool = false, exits expected: Int32 = 0) async throws {
            let result = try await Shell.run(
                "{ \(command); echo $? > collage-status; } | python3 \(Self.repository)/Tests/EndToEnd/validate-json.py \(Self.repository)/docs/\(schema)\(lines ? " --lines" : "")",
                in: folder.path)
            #expect(result.status == 0, "\(command): \(result.stderr)")
            let status = try String(contentsOfFile: folder.file("collage-status"), encoding: .utf8)
            #expect(status == "\(expected)\n", "\(command): \(result.stderr)")
        }
        try await validate("collage build trip --json -o c.jpg", "build.schema.json")
        try await validate("collage build trip/portrait.jpg --json -o c.jpg", "build.schema.json", exits: 65)  // no usable photo
        try await validate("collage build trip --json --dry-run", "build.schema.json")
        try await validate("collage inspect --json trip /nonexistent.jpg", "inspect.schema.json", lines: true, exits: 66)  // a missing file
        try await validate("collage watch trip --json --throttle 0 -o w.jpg", "watch-event.schema.json", lines: true)
    }
}
