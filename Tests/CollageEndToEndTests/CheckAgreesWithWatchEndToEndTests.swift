import CollageTestSupport
import Foundation
import Testing

/// `collage check` is ready exactly when `collage watch`, with the same settings and as the same
/// user, starts and can print. For each row of docs/booth.md's table of checks, that check is
/// made to fail (or warn), and check and watch are run side by side: a row whose booth is
/// "refused, exit N" must be a failed check and a watch ending with N and the check's words; a
/// row whose booth "starts" must be a check that is not ready (or warns) and a booth that takes
/// its photo, having said the check's line.
@Suite("collage check and collage watch agree, row by row of booth.md's table", .timeLimit(.minutes(3)))
struct CheckAgreesWithWatchEndToEndTests {
    /// What docs/booth.md says the booth does at start when a check fails: refused with an exit
    /// status, or started.
    static let table: [String: Int32?] = {
        let guide = (try? String(contentsOfFile: ConfigFileEndToEndTests.repository + "/docs/booth.md", encoding: .utf8)) ?? ""
        let section = guide.components(separatedBy: "## Before the first guest").dropFirst().first?.components(separatedBy: "\n## ").first ?? ""
        var rows: [String: Int32?] = [:]
        for line in section.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let name = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let atStart = cells[2]
            let status = atStart.hasPrefix("refused, exit ") ? Int32(atStart.dropFirst("refused, exit ".count).prefix(2)) : nil
            rows[name] = atStart.hasPrefix("starts") ? .some(nil) : status.map { .some($0) } ?? nil
        }
        return rows
    }()

    /// One row made to fail: what the folder holds, the arguments, who runs both, and the words
    /// a line of the booth holds at start when it starts anyway (nil: `name: detail`).
    struct Scenario: Sendable, CustomTestStringConvertible {
        let row: String
        var arguments = "photos --batches -o prints/booth.jpg"
        var setup = ""
        var cleanup = ""
        var nobody = false
        var prefix = ""
        var said: (@Sendable (String) -> String)? = nil
        var testDescription: String { row }
    }

    static let scenarios: [Scenario] = [
        Scenario(row: "folder", arguments: "missing --batches -o prints/booth.jpg"),
        Scenario(row: "print", arguments: "photos --batches -o prints/booth.jpg --print 'bin/lp {path}'",
                 setup: "mkdir bin; printf '#!/bin/sh\\nexit 0\\n' > bin/lp; chmod 644 bin/lp"),
        Scenario(row: "printer", arguments: "photos --batches -o prints/booth.jpg --print 'lp -n {copies} {path}'",
                 prefix: "LPSTAT_STAND_IN=printer:rejecting"),
        Scenario(row: "output", setup: "chown root prints; chmod 755 prints", nobody: true),
        // The room left, which other writers change between the two runs, aside.
        Scenario(row: "room", arguments: "photos --batches -o prints/booth.png --size \(Self.tooLargeForADay)",
                 said: { String($0.drop { $0.isNumber }) }),
        Scenario(row: "decorations", arguments: "photos --batches -o prints/booth.jpg --caption hi --font 'No Such Font Zz'"),
        // The same line, but for the port: check cannot know the one port 0 picks at start.
        Scenario(row: "public-url", arguments: "photos --batches -o prints/booth.jpg --serve 127.0.0.1:0 --public-url http://127.0.0.1:8090",
                 said: { $0.components(separatedBy: "; give").first ?? $0 }),
        Scenario(row: "port", arguments: "photos --batches -o prints/booth.jpg --serve 127.0.0.1:$(cat port)", setup: """
            python3 -c 'import socket,time; s=socket.socket(); s.bind(("127.0.0.1",0)); s.listen(); print(s.getsockname()[1], flush=True); time.sleep(60)' > port &
            taker=$!; \(Shell.waitUntil("[ -s port ]", else: "kill $taker"))
            """, cleanup: "kill $taker"),
        Scenario(row: "key", setup: "head -c 32 /dev/urandom > state/key; chmod 644 state/key"),
        // An earlier run as root left its lock; the service's user runs both.
        Scenario(row: "lock", setup: "touch prints/.booth.jpg.lock; chmod 600 prints/.booth.jpg.lock", nobody: true),
        Scenario(row: "journal", setup: "echo 'not a journal' > prints/.booth.jpg.journal",
                 said: { detail in (detail.components(separatedBy: "): the booth keeps").first ?? detail) + ")" }),
    ]

    /// A PNG size whose day of collages (500, three bytes a pixel) is more than this file system
    /// holds, within the largest side a collage may have.
    static let tooLargeForADay: String = {
        var system = statvfs()
        _ = statvfs("/tmp", &system)
        let pixels = Int(system.f_bavail) * Int(system.f_frsize) / 1000
        let side = min(16_384, Int(Double(pixels).squareRoot()) + 1)
        return "\(side)x\(side)"
    }()

    @Test func theTableAndTheScenariosNameTheSameChecks() {
        #expect(Set(Self.table.keys) == Set(Self.scenarios.map(\.row)))
        #expect(Self.table.count == 11, "\(Self.table)")
    }

    @Test(arguments: scenarios)
    func checkAndWatchAgree(scenario: Scenario) async throws {
        let folder = try BoothStartRun.folder(forNobody: scenario.nobody)
        let prefix = (scenario.nobody ? BoothStartRun.asNobody + " " : "") + (scenario.prefix.isEmpty ? "" : "env \(scenario.prefix)")
        let run = try await BoothStartRun.run(scenario.arguments, in: folder, prefix: prefix, setup: scenario.setup, cleanup: scenario.cleanup)
        let check = try #require(run.checks[scenario.row], "check has no \(scenario.row) line: \(run.checkText)")
        let atStart = try #require(Self.table[scenario.row], "booth.md's table has no row \(scenario.row)")
        if let status = atStart {
            #expect(check.status == "failed", "\(run.checkText)")
            #expect(run.checkStatus == 69)
            #expect(!run.tookAPhoto && run.watchStatus == status, "\(run.watchLines)")
            #expect(run.watchLines.contains { $0.contains(check.detail) }, "watch: \(run.watchLines), check: \(check.detail)")
        } else {
            #expect(check.status != "ready", "\(run.checkText)")
            #expect(run.checkStatus == (check.status == "failed" ? 69 : 0))
            #expect(run.tookAPhoto, "\(run.watchLines)")
            let said = scenario.said?(check.detail) ?? "\(scenario.row): \(check.detail)"
            #expect(run.watchLines.contains { $0.hasPrefix("collage: ") && $0.contains(said) }, "watch: \(run.watchLines), check: \(said)")
        }
    }

    /// And the other way: every check ready, and the booth starts.
    @Test func aReadyBoothStarts() async throws {
        let folder = try BoothStartRun.folder(forNobody: true)
        let run = try await BoothStartRun.run("photos --batches -o prints/booth.jpg --print 'lp -n {copies} {path}'", in: folder, prefix: BoothStartRun.asNobody)
        #expect(run.checkStatus == 0, "\(run.checkText)")
        #expect(run.checks.values.allSatisfy { $0.status == "ready" }, "\(run.checks)")
        #expect(run.tookAPhoto, "\(run.watchLines)")
    }
}
