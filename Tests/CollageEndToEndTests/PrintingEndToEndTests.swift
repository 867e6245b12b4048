import CollageTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `--print` through the real executable, with a stand-in `lp` that records each call's
/// arguments one per line, then `---`.
@Suite("collage --print, end to end through the real executable", .timeLimit(.minutes(3)))
struct PrintingEndToEndTests {
    /// Writes the stand-in printer into `folder`: it appends its arguments to `lp.log`, then runs
    /// `then` (a line of sh) for its exit status.
    static func standIn(in folder: TemporaryDirectory, then: String = "exit 0") throws -> (program: String, log: String) {
        let program = folder.file("lp"), log = folder.file("lp.log")
        let script = """
            #!/bin/sh
            for argument in "$@"; do printf '%s\\n' "$argument"; done >> '\(log)'
            echo --- >> '\(log)'
            \(then)

            """
        // Written through a close-on-exec descriptor: one a process started meanwhile by another
        // test inherited (as Foundation's atomic write leaves it) keeps the script open for
        // writing, and running it fails with "Text file busy".
        let descriptor = open(program, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        try #require(descriptor >= 0, "cannot make \(program): \(String(cString: strerror(errno)))")
        let bytes = Array(script.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        try #require(close(descriptor) == 0 && written == bytes.count, "cannot write \(program)")
        return (program, log)
    }

    /// Each call's arguments. The collage is given to the command as a private copy
    /// (`collage-print.PID.XXXXXX/booth-0001.jpg` in the key's folder): named here by the collage of
    /// that name beside `log`, where the tests keep their collages and stand-in.
    static func calls(_ log: String) throws -> [[String]] {
        guard FileManager.default.fileExists(atPath: log) else { return [] }
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let folder = URL(fileURLWithPath: log).deletingLastPathComponent().path
        return lines.split(separator: "---").map { $0.map { collage(printedAs: $0, in: folder) } }.filter { $0 != [""] }
    }

    /// `folder/NAME` for an argument `…/collage-print.PID.XXXXXX/NAME` outside `folder`; any other as it is.
    static func collage(printedAs argument: String, in folder: String) -> String {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 3, !argument.hasPrefix(folder + "/"), parts[parts.count - 2].hasPrefix("collage-print.") else { return argument }
        return folder + "/" + parts[parts.count - 1]
    }

    @Test func buildPrintsItsCollageOnceWithTheNameAsOneLiteralArgument() async throws {
        let folder = try TemporaryDirectory()
        let printer = try Self.standIn(in: folder)
        let output = folder.file("Anna & Ben $(touch pwned) `touch pwned`.jpg")
        let photos = Array(Fixtures.landscapes.prefix(2)).map(Fixtures.path)
        let result = try await FinishedProcess.run(
            CollageCommand.executable,
            ["build"] + photos + ["-o", output, "--size", "300x200", "--print", "'\(printer.program)' -d 'booth one' -n {copies} {path}", "--copies", "2"],
            in: folder.path)
        #expect(result.status == 0)
        #expect(try Self.calls(printer.log) == [[ "-d", "booth one", "-n", "2", output]])
        #expect(try FinishedProcess.text(result.stderr).contains("printed \(output)"))
        #expect(!FileManager.default.fileExists(atPath: folder.file("pwned")))
    }

    @Test func aFailingPrinterIsTriedFourTimesThenReportedWithItsLastLine() async throws {
        let folder = try TemporaryDirectory()
        let printer = try Self.standIn(in: folder, then: "echo 'lp: warming up' >&2; echo 'lp: printer booth is offline' >&2; exit 3")
        let output = folder.file("booth.jpg")
        let result = try await CollageCommand.run(
            ["build", Fixtures.path("kite.jpg"), "-o", output, "--size", "300x200", "--print", "\(printer.program) {path}"])
        #expect(result.status == 69)
        #expect(try Self.calls(printer.log) == Array(repeating: [output], count: 4))
        let failures = result.stderrLines.filter { $0.contains("collage 1 (\(output)) not printed") }
        #expect(failures.count == 4)
        #expect(failures.allSatisfy { $0.contains("failed with status 3: lp: printer booth is offline") })
        #expect(failures.last?.hasSuffix("left for the operator to print") == true)
        #expect(FileManager.default.fileExists(atPath: output))
    }

    @Test func aPrinterThatHangsIsKilledAtTheTimeoutWithWhatItStarted() async throws {
        let folder = try TemporaryDirectory()
        // The sleep is the command's child: only killing the process group ends it.
        let printer = try Self.standIn(in: folder, then: "echo 'lp: waiting for the printer' >&2; sleep 600; echo woke >> '\(folder.file("woke"))'")
        let output = folder.file("booth.jpg")
        let result = try await CollageCommand.run(
            ["build", Fixtures.path("kite.jpg"), "-o", output, "--size", "300x200", "--print", "\(printer.program) {path}", "--print-timeout", "1"])
        #expect(result.status == 69)
        #expect(try Self.calls(printer.log).count == 4)
        #expect(result.stderrLines.filter { $0.contains("did not end within 1 s and was killed: lp: waiting for the printer") }.count == 4)
        #expect(!FileManager.default.fileExists(atPath: folder.file("woke")))
    }

    @Test(arguments: ["lp {name} {path}", "lp 'x {path}", "lp -n {copies}"])
    func aBadCommandIsAUsageErrorBeforeAnyPhoto(command: String) async throws {
        let folder = try TemporaryDirectory()
        let result = try await CollageCommand.run(["build", Fixtures.path("kite.jpg"), "-o", folder.file("booth.jpg"), "--print", command])
        #expect(result.status == 64)
        #expect(!FileManager.default.fileExists(atPath: folder.file("booth.jpg")))
    }

    /// A booth folder with `count` landscape photos taken ten minutes ago (oldest first).
    static func boothFolder(photos count: Int) throws -> TemporaryDirectory {
        let photos = try TemporaryDirectory()
        for (index, name) in Fixtures.landscapes.prefix(count).enumerated() {
            try Fixtures.copy(name, to: photos.file(name))
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: Double(index - 600))], ofItemAtPath: photos.file(name))
        }
        return photos
    }

    @Test func aBoothPrintsEachCompleteCollageOnceWithItsCopiesAndNoShell() async throws {
        let photos = try Self.boothFolder(photos: 5), out = try TemporaryDirectory()
        let printer = try Self.standIn(in: out)
        let output = out.file("Anna & Ben $(touch pwned).jpg")
        let numbered = { (n: Int) in out.file("Anna & Ben $(touch pwned)-000\(n).jpg") }
        let watch = try RunningCollage(["watch", photos.path, "-o", output, "--batches", "--limit", "2", "--size", "300x200", "--throttle", "0",
                                        "--print", "\(printer.program) -n {copies} {path}", "--copies", "2"])
        try await watch.waitFor("collage: printed \(numbered(2)) (2 copies)")
        try await watch.waitFor("collage: wrote \(numbered(3)) (300x200, 1 photo)")
        watch.signal(SIGTERM)
        #expect(await watch.status == 143)
        #expect(try Self.calls(printer.log) == [["-n", "2", numbered(1)], ["-n", "2", numbered(2)]])
        #expect(!FileManager.default.fileExists(atPath: out.file("pwned")) && !FileManager.default.fileExists(atPath: photos.file("pwned")))
    }

    /// `lp` says "request id is …" on its stdout: that goes to the booth's stderr, never into
    /// the list of collages a script reads from its stdout, nor into its NDJSON.
    @Test(arguments: [false, true])
    func thePrintCommandsOutputNeverReachesTheBoothsStandardOutput(json: Bool) async throws {
        let photos = try Self.boothFolder(photos: 4), out = try TemporaryDirectory()
        let printer = try Self.standIn(in: out, then: "echo 'request id is booth-7 (1 file(s))'")
        let watch = try RunningCollage(["watch", photos.path, "-o", out.file("booth.jpg"), "--batches", "--limit", "2", "--size", "300x200",
                                        "--throttle", "0", "--print", "\(printer.program) {path}"] + (json ? ["--json"] : []))
        try await watch.waitFor("collage: printed \(out.file("booth-0002.jpg"))")
        watch.signal(SIGTERM)
        #expect(await watch.status == 143)
        #expect(!watch.stdout.contains("request id"), "\(watch.stdout)")
        #expect(watch.stderrLines.contains("request id is booth-7 (1 file(s))"))
        if json {
            let types = try await Shell.jq(".type", Data(watch.stdout.utf8))
            #expect(types.contains("printed") && types.count == watch.stdout.split(separator: "\n").count, "\(types)")
        } else {
            #expect(watch.stdout.split(separator: "\n").map(String.init) == [out.file("booth-0001.jpg"), out.file("booth-0002.jpg")])
        }
    }

    /// `collage journal reprint`: the strip the journal records, by number, as saved; another file
    /// under its name, or a number it does not have, is refused; the journal is not changed.
    @Test func aStripIsReprintedByItsNumberOnlyAsTheBoothSavedIt() async throws {
        let photos = try Self.boothFolder(photos: 2), out = try TemporaryDirectory()
        let watch = try RunningCollage(["watch", photos.path, "-o", out.file("booth.jpg"), "--batches", "--limit", "2", "--size", "300x200",
                                        "--throttle", "0"])
        try await watch.waitFor("collage: wrote \(out.file("booth-0001.jpg")) (300x200, 2 photos)")
        watch.signal(SIGTERM)
        #expect(await watch.status == 143)
        let printer = try Self.standIn(in: out)
        let journal = try Data(contentsOf: URL(fileURLWithPath: out.file(".booth.jpg.journal")))
        let reprint = try await CollageCommand.run(["journal", "reprint", out.file("booth.jpg"), "1", "--print", "\(printer.program) {path}"])
        #expect(reprint.status == 0, "\(reprint.stderr)")
        #expect(reprint.stderrLines.contains("collage: printed \(out.file("booth-0001.jpg"))"))
        #expect(try Self.calls(printer.log) == [[out.file("booth-0001.jpg")]])
        let missing = try await CollageCommand.run(["journal", "reprint", out.file("booth.jpg"), "2", "--print", "\(printer.program) {path}"])
        #expect(missing.status == 65 && missing.stderrLines == ["collage: the journal \(out.file(".booth.jpg.journal")) has no complete collage 2"])
        try Data("planted".utf8).write(to: URL(fileURLWithPath: out.file("booth-0001.jpg")))
        let planted = try await CollageCommand.run(["journal", "reprint", out.file("booth.jpg"), "1", "--print", "\(printer.program) {path}"])
        #expect(planted.status == 65 && planted.stderrLines.last?.hasSuffix("not printed: it is not the file the booth saved") == true)
        #expect(try Self.calls(printer.log).count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: out.file(".booth.jpg.journal"))) == journal)
    }

    /// Each try is an event; after the round's last, the next round is 10 s off while the booth
    /// runs (stopped before it, the print is left for a restart).
    @Test func aBoothReportsEachFailedPrintAsAnEventAndTriesItAgainInRounds() async throws {
        let photos = try Self.boothFolder(photos: 2), out = try TemporaryDirectory()
        let printer = try Self.standIn(in: out, then: "echo 'lp: printer booth is offline' >&2; exit 3")
        let watch = try RunningCollage(["watch", photos.path, "-o", out.file("booth.jpg"), "--batches", "--limit", "2", "--size", "300x200",
                                        "--throttle", "0", "--json", "--print", "\(printer.program) {path}"])
        #expect(try await watch.waitUntil { watch.stdout.components(separatedBy: "print-failed").count == 5 })
        watch.signal(SIGTERM)
        #expect(await watch.status == 143)
        let failures = try await Shell.jq("select(.type == \"print-failed\") | [.data.path, .data.batch, .data.status, .data.lastLine, .data.retryInSeconds] | @json",
                                          Data(watch.stdout.utf8))
        let path = out.file("booth-0001.jpg")
        #expect(failures == [0.5, 1, 2, 10].map { "[\"\(path)\",1,3,\"lp: printer booth is offline\",\($0)]" })
        #expect(try Self.calls(printer.log) == Array(repeating: [path], count: 4))
        #expect(!watch.stdout.contains("\"printed\""))
        let repository = CookbookTests.repository
        let validated = try await Shell.run("python3 \(repository)/Tests/EndToEnd/validate-json.py \(repository)/docs/watch-event.schema.json --lines",
                                            stdin: Data(watch.stdout.utf8))
        #expect(validated.status == 0, "\(validated.stderr)")
    }

    @Test func aBoothPrintsNoMoreThanMaxPrintsAndSaysSo() async throws {
        let photos = try Self.boothFolder(photos: 4), out = try TemporaryDirectory()
        let printer = try Self.standIn(in: out)
        let watch = try RunningCollage(["watch", photos.path, "-o", out.file("booth.jpg"), "--batches", "--limit", "2", "--size", "300x200",
                                        "--throttle", "0", "--print", "\(printer.program) {path}", "--max-prints", "1"])
        try await watch.waitFor("collage: collage 2 (\(out.file("booth-0002.jpg"))) not printed: --max-prints 1 already printed this session")
        watch.signal(SIGTERM)
        #expect(await watch.status == 143)
        #expect(try Self.calls(printer.log) == [[out.file("booth-0001.jpg")]])
    }
}
