import CollageTestSupport
import Foundation
import Testing

/// `collage check`: each thing a booth lacks named on its own line, exit 69; all fixed, exit 0;
/// and `watch` refusing a print command that is not there at start, not at the first guest.
/// Serialized: a script written by one test must not be held open by another's fork when run.
@Suite("collage check: a booth's preflight, end to end", .serialized, .timeLimit(.minutes(2)))
struct CheckCommandEndToEndTests {
    /// A booth's folder, its prints folder, and a config naming them.
    func booth() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        for sub in ["photos", "prints"] { try FileManager.default.createDirectory(atPath: folder.file(sub), withIntermediateDirectories: false) }
        return folder
    }

    /// The line `check` printed for `name`, by its status word and detail.
    func line(_ name: String, in result: Shell.Outcome) -> String? {
        result.lines.first { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.map(String.init) == name }
    }

    @Test func aMissingPrintCommandIsNamedAndTheBoothRefusesToStart() async throws {
        let folder = try booth()
        // PATH without any lp: only the tool itself.
        let check = try await Shell.run("PATH=\(Shell.binaries) collage check photos --batches -o prints/booth.jpg --print 'lp -n {copies} {path}'",
                                        in: folder.path)
        #expect(check.status == 69)
        #expect(line("print", in: check) == "FAILED   print        the print command's program lp is not found on PATH or is not executable", "\(check.text)")
        #expect(check.lines.last?.hasPrefix("not ready: 1 failed") == true, "\(check.text)")
        let watch = try await Shell.run("PATH=\(Shell.binaries) collage watch photos --batches -o prints/booth.jpg --print 'lp -n {copies} {path}'",
                                        in: folder.path)
        #expect(watch.status == 69)
        #expect(watch.stderrLines.last == "collage: the print command's program lp is not found on PATH or is not executable")
    }

    @Test func aFolderThatCannotBeWrittenAFontAPortAndAHostAreEachNamed() async throws {
        let folder = try booth()
        // A folder no one may write in, root included: immutable (skipped where chattr cannot).
        let locked = try await Shell.run("chattr +i prints", in: folder.path)
        let script = """
            python3 -c 'import socket,time; s=socket.socket(); s.bind(("127.0.0.1",0)); s.listen(); print(s.getsockname()[1], flush=True); time.sleep(60)' > port &
            taker=$!; \(Shell.waitUntil("[ -s port ]", else: "kill $taker"))
            collage check photos -o prints/booth.jpg --caption hi --font 'No Such Font Zz' --serve 127.0.0.1:$(cat port) \
              --public-url http://198.51.100.7:8090; echo "status $?"; kill $taker
            """
        let check = try await Shell.run(script, in: folder.path)
        _ = try await Shell.run("chattr -i prints 2>/dev/null; true", in: folder.path)  // so the folder can be removed
        #expect(check.lines.last == "status 69")
        if locked.status == 0 {
            #expect(line("output", in: check)?.hasPrefix("FAILED   output") == true, "\(check.text)")
        } else {
            print("skipped the read-only folder: chattr +i failed here (\(locked.stderr))")
        }
        #expect(line("decorations", in: check) == "FAILED   decorations  font 'No Such Font Zz': no installed font family is named 'No Such Font Zz'", "\(check.text)")
        #expect(line("port", in: check)?.hasPrefix("FAILED   port") == true, "\(check.text)")
        #expect(line("public-url", in: check) == "warning  public-url   198.51.100.7 is 198.51.100.7, not an address of this machine", "\(check.text)")
    }

    @Test func aReadyBoothExitsZeroAndSaysSoInJSON() async throws {
        let folder = try booth()
        // This machine's own address, as guests' phones would reach it.
        let address = try await Shell.run("hostname -I | cut -d' ' -f1")
        let host = try #require(address.lines.first.flatMap { $0.isEmpty ? nil : $0 }, "this machine has no address but loopback")
        try """
            folder = "photos"
            output = "prints/booth.jpg"
            batches = true
            print = "true {path}"
            serve = "0.0.0.0:0"
            public-url = "http://\(host):8090"

            """.write(toFile: folder.file("booth.toml"), atomically: true, encoding: .utf8)
        let check = try await Shell.run("collage check --config booth.toml --json", in: folder.path)
        #expect(check.status == 0, "\(check.text)")
        #expect(try await Shell.jq(#""\(.ready) " + ([.checks[] | "\(.name)=\(.status)"] | join(" "))"#, check.stdout)
            == ["true folder=ready print=ready output=ready room=ready decorations=ready public-url=ready port=ready key=ready lock=ready journal=ready"])
    }

    /// CUPS asked as `lp` would use it, through the stand-ins for `lp` and `lpstat` (no CUPS
    /// here): a queue that takes jobs is ready, a disabled one (holding the jobs) a warning; a
    /// queue that is enabled but refuses jobs, an unknown one, or no default destination fail:
    /// every print would. `$LPDEST` and `$PRINTER` name the queue as they do for `lp`.
    @Test(arguments: [
        ("", "lp -d office {path}", "ready    printer      printer office is idle.  enabled since Fri 27 Nov 2026 10:00:00"),
        ("", "lp -dattic {path}", "warning  printer      attic (-d) is disabled, and holds the jobs until it is enabled: Paused"),
        ("", "lp -d shed {path}", "FAILED   printer      shed (-d) does not accept jobs: Rejecting Jobs"),
        ("", "lp -d garage {path}", "FAILED   printer      CUPS has no printer garage (-d): lpstat: Invalid destination name in list \"garage\"."),
        ("LPSTAT_STAND_IN_DEFAULT=none", "lp {path}",
         "FAILED   printer      no printer named (-d NAME, $LPDEST or $PRINTER) and no default destination: no system default destination"),
        ("LPDEST=shed", "lp -n {copies} {path}", "FAILED   printer      shed ($LPDEST) does not accept jobs: Rejecting Jobs"),
        ("PRINTER=office LPSTAT_STAND_IN_DEFAULT=none", "lp {path}", "ready    printer      printer office is idle.  enabled since Fri 27 Nov 2026 10:00:00"),
        ("LPSTAT_STAND_IN_DOWN=1", "lp {path}", "warning  printer      cannot ask CUPS which printers accept jobs: the CUPS scheduler is not running"),
    ])
    func theQueueIsAskedOfCUPSAsLpWouldUseIt(environment: String, command: String, line: String) async throws {
        let folder = try booth()
        let queues = "LPSTAT_STAND_IN='office:idle attic:disabled shed:rejecting'"
        let check = try await Shell.run("env PATH=\(Shell.quote(BoothStartRun.standIns)):$PATH \(queues) \(environment) "
            + "collage check photos -o prints/booth.jpg --print \(Shell.quote(command))", in: folder.path)
        #expect(self.line("printer", in: check) == line, "\(check.text)")
        #expect(check.status == (line.hasPrefix("FAILED") ? 69 : 0), "\(check.text)")
    }

    /// A program that is there but that this user may not run (no execute bit, or a folder of
    /// that name) is not ready: posix_spawnp would refuse it at the first strip.
    @Test(arguments: ["chmod 644 bin/lp", "rm bin/lp; mkdir bin/lp"])
    func aProgramThatCannotBeRunIsNotReady(setup: String) async throws {
        let folder = try booth()
        let script = "mkdir bin; printf '#!/bin/sh\\nexit 0\\n' > bin/lp; \(setup); "
            + "PATH=$PWD/bin:\(Shell.binaries) collage check photos -o prints/booth.jpg --print 'lp {path}'"
        let check = try await Shell.run(script, in: folder.path)
        #expect(check.status == 69)
        #expect(line("print", in: check) == "FAILED   print        the print command's program lp is not found on PATH or is not executable", "\(check.text)")
    }

    /// The shipped docs/booth.toml on a machine with its printer: the only warning is the
    /// public URL's host, which this machine does not resolve. Warnings alone are ready: 0.
    @Test func theShippedSettingsPassOnAMachineWithItsPrinter() async throws {
        let folder = try booth()
        try FileManager.default.copyItem(atPath: ConfigFileEndToEndTests.repository + "/docs/booth.toml", toPath: folder.file("booth.toml"))
        let check = try await Shell.run("env PATH=\(Shell.quote(BoothStartRun.standIns)):$PATH HOME=$PWD collage check --config booth.toml", in: folder.path)
        #expect(check.status == 0, "\(check.text)")
        let warnings = check.lines.filter { $0.hasPrefix("warning") }
        #expect(warnings.allSatisfy { $0.hasPrefix("warning  public-url") } && !check.lines.contains { $0.hasPrefix("FAILED") }, "\(check.text)")
        #expect(check.lines.last == "ready, with \(warnings.count) warning\(warnings.count == 1 ? "" : "s") of 11 checks" || check.lines.last == "ready: all 11 checks passed",
                "\(check.text)")
    }

    /// A mistake in check's own arguments is check's usage error, with check's usage line.
    @Test func aUsageErrorInCheckPrintsChecksUsage() async throws {
        let folder = try booth()
        let check = try await Shell.run("collage check photos --gird 1x4", in: folder.path)
        #expect(check.status == 64)
        #expect(check.stderrLines == [
            "Error: Unknown option '--gird'. Did you mean '--grid'?",
            "Usage: collage check [--json] [--config <file>] [<watch-arguments> ...]",
            "  See 'collage check --help' for more information.",
        ])
    }

    /// A CUPS server off the network: lpstat never answers. check and the booth each wait for it
    /// at most the bound (3 s), then say so; the booth starts and takes its first photo.
    @Test func anLpstatThatNeverAnswersHoldsNeitherCheckNorTheStart() async throws {
        let folder = try BoothStartRun.folder()
        let run = try await BoothStartRun.run("photos --batches -o prints/booth.jpg --print 'lp -n {copies} {path}'", in: folder,
                                              prefix: "env LPSTAT_STAND_IN_HANG=1")
        let detail = "cannot ask CUPS which printers accept jobs: lpstat did not answer within 3 s"
        #expect(run.checks["printer"] == BoothStartRun.Check(status: "warning", detail: detail), "\(run.checkText)")
        #expect(run.checkStatus == 0)
        #expect(run.tookAPhoto, "\(run.watchLines)")
        #expect(run.watchLines.contains("collage: printer: \(detail)"), "\(run.watchLines)")
    }
}
