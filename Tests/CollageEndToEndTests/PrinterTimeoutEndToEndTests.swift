import CollageTestSupport
import Foundation
import Testing

/// `--print-timeout` ends the printer command with everything it started: its whole process
/// group is gone at the timeout, not only the shell `collage` ran. Through the real executable,
/// with a stand-in printer that starts children and writes their pids to a file.
@Suite("A printer that hangs is killed with its process group, end to end", .timeLimit(.minutes(2)))
struct PrinterTimeoutEndToEndTests {
    /// The stand-in `lp`: records its own pid (its process group's, since collage starts it in a
    /// group of its own) and two children's, one of them a shell with a child of its own, then
    /// waits for them, which never ends by itself.
    static func hangingPrinter(in folder: TemporaryDirectory) throws -> (program: String, pids: String) {
        let program = folder.file("lp"), pids = folder.file("pids")
        let script = """
            #!/bin/sh
            echo $$ >> '\(pids)'
            sleep 600 &
            echo $! >> '\(pids)'
            sh -c 'sleep 600 & echo $! >> "$0"; wait' '\(pids)' &
            echo $! >> '\(pids)'
            echo 'lp: waiting for the printer' >&2
            wait

            """
        try script.write(toFile: program, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program)
        return (program, pids)
    }

    static func pids(_ file: String) throws -> [Int32] {
        try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").compactMap { Int32($0) }
    }

    @Test func everyProcessThePrinterStartedIsGoneAtTheTimeout() async throws {
        let folder = try TemporaryDirectory()
        let printer = try Self.hangingPrinter(in: folder)
        let output = folder.file("booth.jpg")
        let result = try await CollageCommand.run(
            ["build", Fixtures.path("kite.jpg"), "-o", output, "--size", "300x200", "--print", "\(printer.program) {path}", "--print-timeout", "1"])
        let started = try Self.pids(printer.pids)
        // Whatever this test finds, nothing it started outlives it.
        defer { for pid in started { kill(pid, SIGKILL) } }
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderrLines.filter { $0.contains("did not end within 1 s and was killed: lp: waiting for the printer") }.count == 4)
        // Four attempts, each the printer, its two children and the grandchild: every one started.
        #expect(started.count == 16, "\(started)")
        // collage has exited, so each kill has been sent; a killed process may wait a moment to be
        // reaped by init, and a zombie is gone (a hang guard, not a measurement).
        let clock = ContinuousClock(), end = clock.now + .seconds(20)
        while started.contains(where: ProcessTree.isAlive), clock.now < end { try await Task.sleep(for: .milliseconds(20)) }
        #expect(started.filter(ProcessTree.isAlive) == [], "still running after the printer's timeout")
    }
}
