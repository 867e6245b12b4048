import CollageCore
import CollageCodecs
import CollageTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A printing booth (`watch --batches --print`) prints every complete collage exactly once across
/// restarts, through the real executable and a stand-in `lp` that records each call's arguments;
/// and `collage journal show` says where each collage is.
@Suite("a printing booth prints each collage once across restarts, end to end", .timeLimit(.minutes(3)))
struct BoothPrintingEndToEndTests {
    let photos = try! TemporaryDirectory(), out = try! TemporaryDirectory()
    var output: String { out.file("booth.jpg") }
    func numbered(_ n: Int) -> String { out.file(String(format: "booth-%04d.jpg", n)) }
    /// While this file exists, the stand-in printer blocks once it has recorded its call.
    var hold: String { out.file("hold") }
    var started: String { out.file("started") }

    func booth(_ printer: String) -> [String] {
        ["watch", photos.path, "-o", output, "--batches", "--limit", "2", "--size", "300x200", "--throttle", "0", "--json",
         "--print", "\(printer) -n {copies} {path}", "--copies", "2"]
    }

    /// The stand-in `lp`: records its call, then, while `hold` exists, says it started and waits.
    func printer() throws -> (program: String, log: String) {
        try PrintingEndToEndTests.standIn(in: out, then: """
            if [ -e '\(hold)' ]; then touch '\(started)'; while [ -e '\(hold)' ]; do sleep 0.05; done; fi
            """)
    }

    /// Distinct small landscapes, by the tool's own encoder, arriving in the watched folder.
    func arrive(_ seeds: ClosedRange<Int>) throws {
        for seed in seeds {
            let bytes = try ImageEncoder.encode(TestImages.pattern(seed: seed, 120, 80), as: .jpeg)
            try Data(bytes).write(to: URL(fileURLWithPath: photos.file("p\(seed).jpg")))
        }
    }

    func printed(_ log: String) throws -> [String] {
        try PrintingEndToEndTests.calls(log).map { $0.last ?? "" }
    }

    /// `type` events' paths, in order.
    func paths(_ run: RunningCollage, _ type: String) async throws -> [String] {
        try await Shell.jq("select(.type == \"\(type)\") | .data.path", Data(run.stdout.utf8))
    }

    @Test func aRestartAfterSIGTERMNeitherReprintsNorSkips() async throws {
        let lp = try printer()
        try arrive(1...4)
        let first = try RunningCollage(booth(lp.program))
        try await first.waitFor("collage: printed \(numbered(2)) (2 copies)")
        first.signal(SIGTERM)
        #expect(await first.status == 143)
        #expect(try printed(lp.log) == [numbered(1), numbered(2)])

        try arrive(5...6)
        let second = try RunningCollage(booth(lp.program))
        try await second.waitFor("collage: printed \(numbered(3)) (2 copies)")
        second.signal(SIGTERM)
        #expect(await second.status == 143)
        #expect(try PrintingEndToEndTests.calls(lp.log) == (1...3).map { ["-n", "2", numbered($0)] })
        #expect(try await paths(second, "print-unknown").isEmpty)
    }

    @Test func aRestartAfterSIGKILLWhilePrintingNamesThatCollageAndPrintsTheOneNeverSent() async throws {
        let lp = try printer()
        try arrive(1...2)
        let first = try RunningCollage(booth(lp.program))
        try await first.waitFor("collage: printed \(numbered(1)) (2 copies)")
        // Collage 2's print command runs and blocks; collage 3 is saved complete behind it.
        _ = FileManager.default.createFile(atPath: hold, contents: nil)
        try arrive(3...4)
        #expect(try await first.waitUntil { FileManager.default.fileExists(atPath: started) })
        try arrive(5...6)
        try await first.waitFor("collage: wrote \(numbered(3)) (300x200, 2 photos)")
        first.signal(SIGKILL)
        // The stand-in, still running on its own, holds the booth's stderr (where a print
        // command's output goes) until it ends: released first, so the killed run's output ends.
        try FileManager.default.removeItem(atPath: hold)
        #expect(await first.status == SIGKILL)  // Foundation reports the signal itself
        #expect(try printed(lp.log) == [numbered(1), numbered(2)])

        let second = try RunningCollage(booth(lp.program))
        try await second.waitFor("collage: printed \(numbered(3)) (2 copies)")
        second.signal(SIGTERM)
        #expect(await second.status == 143)
        #expect(try printed(lp.log) == [numbered(1), numbered(2), numbered(3)])
        let unknown = try await Shell.jq("select(.type == \"print-unknown\") | [.data.path, .data.batch] | @json", Data(second.stdout.utf8))
        #expect(unknown == ["[\"\(numbered(2))\",2]"])
        #expect(second.stderrLines.contains("collage: collage 2 (\(numbered(2))) may not have been printed: the journal does not say that "
            + "its print ended (a stop while it printed, or a journal rebuilt from the collages' marks); it is not printed again "
            + "(reprint it by hand if it is missing)"))
        #expect(try await paths(second, "printed") == [numbered(3)])

        // Named once: a third run prints nothing and names nothing.
        let third = try RunningCollage(booth(lp.program))
        // Its last word on the photos already there; a print it owed would be sent before it ends.
        try await third.waitFor("collage: 6 photos already in 3 collages, \(numbered(1)), \(numbered(2)), \(numbered(3)): not used again (-v lists them)")
        third.signal(SIGTERM)
        #expect(await third.status == 143)
        #expect(try await paths(third, "print-unknown").isEmpty && printed(lp.log).count == 3)

        let repository = CookbookTests.repository
        let validated = try await Shell.run("python3 \(repository)/Tests/EndToEnd/validate-json.py \(repository)/docs/watch-event.schema.json --lines",
                                            stdin: Data(second.stdout.utf8))
        #expect(validated.status == 0, "\(validated.stderr)")

        // What the journal says, read by jq while nothing holds the booth's lock and by name of output or journal.
        let states = try await Shell.run("collage journal show \(Shell.quote(output)) --json | jq -r '.collages[] | [.number, .file, .print, .copies, (.photos | join(\"+\"))] | @tsv'")
        #expect(states.status == 0, "\(states.stderr)")
        #expect(states.lines == ["1\tbooth-0001.jpg\tprinted\t2\tp1.jpg+p2.jpg", "2\tbooth-0002.jpg\tprint-unknown\t\tp3.jpg+p4.jpg",
                                 "3\tbooth-0003.jpg\tprinted\t2\tp5.jpg+p6.jpg"])
        let text = try await CollageCommand.run(["journal", "show", out.file(".booth.jpg.journal")])
        #expect(text.status == 0)
        #expect(text.stdout == """
            collage 1  booth-0001.jpg  2 photos  printed (2 copies)  (p1.jpg, p2.jpg)
            collage 2  booth-0002.jpg  2 photos  print-unknown  (p3.jpg, p4.jpg)
            collage 3  booth-0003.jpg  2 photos  printed (2 copies)  (p5.jpg, p6.jpg)

            """)
    }

    @Test func journalShowReadsARunningBoothWithoutDisturbingIt() async throws {
        let lp = try printer()
        try arrive(1...3)
        let run = try RunningCollage(booth(lp.program))
        try await run.waitFor("collage: wrote \(numbered(2)) (300x200, 1 photo)")
        let shown = try await Shell.run("collage journal show \(Shell.quote(output)) --json | jq -r '.journal, (.collages[] | \"\\(.number) \\(.complete) \\(.print)\")'")
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.lines == [out.file(".booth.jpg.journal"), "1 true printed", "2 false open"])
        try arrive(4...4)
        try await run.waitFor("collage: printed \(numbered(2)) (2 copies)")
        run.signal(SIGTERM)
        #expect(await run.status == 143)
    }

    @Test func aMissingOrDamagedJournalIsOneLineAndExitSixtySix() async throws {
        let missing = try await CollageCommand.run(["journal", "show", output])
        #expect(missing.status == 66 && missing.stdout.isEmpty)
        #expect(missing.stderrLines == ["collage: no booth journal \(out.file(".booth.jpg.journal")): not a booth's output, or it has saved nothing yet"])
        try "collage-journal 2\nsha256 0\n".write(toFile: out.file(".booth.jpg.journal"), atomically: true, encoding: .utf8)
        let damaged = try await CollageCommand.run(["journal", "show", output, "--json"])
        #expect(damaged.status == 66 && damaged.stdout.isEmpty)
        #expect(damaged.stderrLines == ["collage: the journal \(out.file(".booth.jpg.journal")) cannot be read: line 2: not signed with this machine's key (an unsigned journal, as before version 3, or not a booth's)"])
    }
}
