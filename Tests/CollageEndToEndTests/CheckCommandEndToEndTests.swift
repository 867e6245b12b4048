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
            == ["true print=ready output=ready room=ready decorations=ready public-url=ready port=ready key=ready"])
    }

    /// CUPS asked as `lp` would use it, through stand-ins for `lp` and `lpstat` (no CUPS here):
    /// a named queue it knows is ready, no default destination is a failure, a disabled queue a warning.
    @Test func theLPQueueIsAskedOfLpstat() async throws {
        let folder = try booth()
        try FileManager.default.createDirectory(atPath: folder.file("bin"), withIntermediateDirectories: false)
        for (name, script) in [("lp", "exit 0"), ("lpstat", """
            case "$1 $2" in
              "-p office") echo "printer office is idle.  enabled since Fri 27 Nov 2026 10:00:00";;
              "-p attic") echo "printer attic disabled since Fri 27 Nov 2026 10:00:00 -"; echo "	Paused";;
              "-p "*) echo "lpstat: Invalid destination name in list $2." >&2; exit 1;;
              "-d ") echo "no system default destination";;
            esac
            """)] {
            try "#!/bin/sh\n\(script)\n".write(toFile: folder.file("bin/\(name)"), atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.file("bin/\(name)"))
        }
        func printer(_ command: String) async throws -> String? {
            let check = try await Shell.run("PATH=$PWD/bin:$PATH collage check photos -o prints/booth.jpg --print \(Shell.quote(command))", in: folder.path)
            return line("printer", in: check)
        }
        #expect(try await printer("lp -d office {path}") == "ready    printer      printer office is idle.  enabled since Fri 27 Nov 2026 10:00:00")
        #expect(try await printer("lp -dattic {path}") == "warning  printer      attic is disabled: Paused")
        #expect(try await printer("lp -d garage {path}") == "FAILED   printer      CUPS has no printer garage: lpstat: Invalid destination name in list garage.")
        #expect(try await printer("lp {path}")
            == "FAILED   printer      no printer named (-d NAME) and no default destination: no system default destination")
    }
}
