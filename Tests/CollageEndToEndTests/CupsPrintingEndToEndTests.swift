import CollageCore
import CollageCodecs
import CollageTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `watch --batches --printer QUEUE` through the real executable and a real CUPS server
/// (Debian's `cupsd`, private to the test, `CupsServer`): each strip is one job titled after the
/// booth and the collage; a booth killed after its job reached CUPS never sends it again, one
/// killed before sends it once; a journal put back from a copy reprints nothing; a queue that
/// refused jobs prints them once it accepts again.
@Suite("a booth printing through CUPS prints each strip exactly once, end to end", .timeLimit(.minutes(3)), .serialized)
struct CupsPrintingEndToEndTests {
    let photos = try! TemporaryDirectory(), out = try! TemporaryDirectory(), tools = try! TemporaryDirectory()
    var output: String { out.file("booth.jpg") }
    func numbered(_ n: Int) -> String { out.file(String(format: "booth-%04d.jpg", n)) }

    func booth(_ extra: [String] = []) -> [String] {
        ["watch", photos.path, "-o", output, "--batches", "--limit", "1", "--size", "300x200", "--throttle", "0", "--printer", "booth",
         "--copies", "2"] + extra
    }

    /// Distinct small landscapes, by the tool's own encoder, arriving in the watched folder.
    func arrive(_ seeds: ClosedRange<Int>) throws {
        for seed in seeds {
            let bytes = try ImageEncoder.encode(TestImages.pattern(seed: seed, 120, 80), as: .jpeg)
            try Data(bytes).write(to: URL(fileURLWithPath: photos.file("p\(seed).jpg")))
        }
    }

    /// The numbers of the collages the printer got, by their jobs' titles, each checked to be
    /// the bytes on disk, with two copies.
    func printedNumbers(_ cups: CupsServer) throws -> [Int] {
        try cups.printed(on: "booth").map { job in
            let number = try #require(job.title.split(separator: " ").last.flatMap { Int($0.dropLast()) }, "\(job.title)")
            #expect(job.title.hasPrefix(String(format: "booth-%04d.jpg (collage ", number)), "\(job.title)")
            #expect(job.bytes == (try Data(contentsOf: URL(fileURLWithPath: numbered(number)))) && job.copies == 2)
            return number
        }
    }

    /// The printer's log, once it has `count` jobs (CUPS prints in the background).
    func untilPrinted(_ cups: CupsServer, count: Int) async throws -> [Int] {
        let clock = ContinuousClock(), end = clock.now + .seconds(30)
        while cups.printed(on: "booth").count < count, clock.now < end { try await Task.sleep(for: .milliseconds(50)) }
        return try printedNumbers(cups)
    }

    /// A restart after a kill: it prints strip 1 (or finds CUPS has it), then strip 2 from a
    /// new photo, and is stopped.
    func restartPrintingOneAndTwo(_ cups: CupsServer) async throws {
        let restart = try RunningCollage(booth(), environment: cups.environment)
        try await restart.waitFor("collage: printed \(numbered(1)) (2 copies)")
        try arrive(2...2)
        try await restart.waitFor("collage: printed \(numbered(2)) (2 copies)")
        restart.signal(SIGTERM)
        #expect(await restart.status == 143)
    }

    @Test func eachStripIsOneJobTitledAfterTheBoothAndTheCollage() async throws {
        let cups = try await CupsServer(queues: ["booth"])
        try arrive(1...3)
        let run = try RunningCollage(booth(), environment: cups.environment)
        try await run.waitFor("collage: printed \(numbered(3)) (2 copies)")
        run.signal(SIGTERM)
        #expect(await run.status == 143)
        #expect(try await untilPrinted(cups, count: 3) == [1, 2, 3])
    }

    /// Killed at the journal's rename that records the print's end: CUPS has the job, the
    /// journal says it was printing. The restart asks CUPS, finds it, and sends nothing again.
    /// Killed at the rename that records the print's start (its count beside the key already
    /// raised): the journal knows nothing of it; the restart finds CUPS never got it, sends it once.
    @Test(arguments: [(4, "after the job reached CUPS"), (3, "before the job was sent")])
    func aBoothKilledWhileItPrintsSendsEachStripOnce(killAt rename: Int, moment: String) async throws {
        let cups = try await CupsServer(queues: ["booth"])
        let shim = try await PreloadShim.compile(PreloadShim.killAtJournalRename, named: "kill-on-journal-rename", in: tools)
        try arrive(1...1)
        let killed = try RunningCollage(booth(), environment: cups.environment.merging(["LD_PRELOAD": shim, "KILL_AT_JOURNAL_RENAME": String(rename)]) { $1 })
        #expect(await killed.status == SIGKILL, "\(moment): \(killed.stderrLines)")
        try await restartPrintingOneAndTwo(cups)
        #expect(try await untilPrinted(cups, count: 2) == [1, 2], "\(moment)")
        let shown = try await CollageCommand.run(["journal", "show", output])
        #expect(shown.stdout.contains("printed"), "\(shown.stdout)")
    }

    /// Killed while it sends the strip's Print-Job: before its body, half way through the file
    /// (the day through CUPS found a strip printed cut short when its file was sent in a
    /// Send-Document), and with the whole file sent, its answer unread. CUPS makes no job of a
    /// body cut short, so the restart sends the strip once, whole; a job made of the whole file
    /// is found and not sent again.
    @Test(arguments: ["start", "half", "sent"])
    func aBoothKilledWhileItSendsAPrintJobPrintsTheStripOnceAndWhole(killAt point: String) async throws {
        let cups = try await CupsServer(queues: ["booth"])
        let shim = try await PreloadShim.compile(PreloadShim.killAtPrintJob, named: "kill-at-print-job", in: tools)
        try arrive(1...1)
        let killed = try RunningCollage(booth(), environment: cups.environment.merging(["LD_PRELOAD": shim, "KILL_AT_PRINT_JOB": point]) { $1 })
        #expect(await killed.status == SIGKILL, "\(killed.stderrLines)")
        try await restartPrintingOneAndTwo(cups)
        #expect(try await untilPrinted(cups, count: 2) == [1, 2])
        let left = try await cups.client(["lpstat", "-o", "booth"])
        #expect(left.stdout.isEmpty, "no job left waiting: \(String(decoding: left.stdout, as: UTF8.self))")
    }

    /// cupsd answers a Get-Jobs with at most 500 jobs, the oldest first: past a server's 500th
    /// job (a day of strips), a strip killed after its job reached CUPS must still be found, not
    /// sent again (found by the soak's day through CUPS: two strips printed twice after job 500).
    @Test func aJobPastTheServersFiveHundredthIsStillFound() async throws {
        let cups = try await CupsServer(queues: ["booth"])
        let filler = tools.file("filler.txt")
        try Data("held".utf8).write(to: URL(fileURLWithPath: filler))
        let held = try await Shell.run("export CUPS_SERVER='\(cups.socket)'; for i in $(seq 510); do lp -d booth -H indefinite -t held-$i \(filler) >/dev/null || exit 1; done",
                                       in: tools.path)
        #expect(held.status == 0, "\(held.stderr)")
        let shim = try await PreloadShim.compile(PreloadShim.killAtJournalRename, named: "kill-on-journal-rename", in: tools)
        try arrive(1...1)
        let killed = try RunningCollage(booth(), environment: cups.environment.merging(["LD_PRELOAD": shim, "KILL_AT_JOURNAL_RENAME": "4"]) { $1 })
        #expect(await killed.status == SIGKILL, "\(killed.stderrLines)")
        let restart = try RunningCollage(booth(), environment: cups.environment)
        try await restart.waitFor("collage: printed \(numbered(1)) (2 copies)")
        restart.signal(SIGTERM)
        #expect(await restart.status == 143)
        #expect(try await untilPrinted(cups, count: 1) == [1])
        try await Task.sleep(for: .seconds(1))
        #expect(cups.printed(on: "booth").count == 1, "the strip's job was sent again")
    }

    /// The backup: collage 1's print fails (the queue refuses jobs), the journal is
    /// copied, the queue accepts again and a restart prints it; the copy is put back and the booth
    /// restarted: CUPS already has collage 1's job, so it is not sent a second time.
    @Test func aJournalPutBackFromACopyReprintsNothing() async throws {
        let cups = try await CupsServer(queues: ["booth"])
        #expect(try await cups.client(["cupsreject", "booth"]).status == 0)
        try arrive(1...1)
        let first = try RunningCollage(booth(), environment: cups.environment)
        // The round's four tries failed: the journal says print-failed.
        #expect(try await first.waitUntil { first.stderrLines.filter { $0.contains("took no job") }.count >= 4 })
        first.signal(SIGTERM)
        #expect(await first.status == 143)
        let journal = out.file(".booth.jpg.journal")
        let copy = try Data(contentsOf: URL(fileURLWithPath: journal))
        #expect(try await cups.client(["cupsaccept", "booth"]).status == 0)
        let second = try RunningCollage(booth(), environment: cups.environment)
        try await second.waitFor("collage: printed \(numbered(1)) (2 copies)")
        second.signal(SIGTERM)
        #expect(await second.status == 143)
        try copy.write(to: URL(fileURLWithPath: journal))
        let third = try RunningCollage(booth(), environment: cups.environment)
        try arrive(2...2)
        try await third.waitFor("collage: printed \(numbered(2)) (2 copies)")
        third.signal(SIGTERM)
        #expect(await third.status == 143)
        #expect(third.stderrLines.contains { $0.contains("put back from an older copy") }, "\(third.stderrLines)")
        #expect(try await untilPrinted(cups, count: 2) == [1, 2])
    }

    /// A server that keeps its jobs' names from the booth's user (`JobPrivateValues job-name`,
    /// shown to `nobody` alone): a restart cannot tell its strip's job from the others,
    /// so it does not send it again; it says why on each try.
    @Test func aServerThatWithholdsJobNamesGetsNoStripSentTwice() async throws {
        let cups = try await CupsServer(queues: ["booth"], policy: ["JobPrivateAccess nobody", "JobPrivateValues job-name"])
        let shim = try await PreloadShim.compile(PreloadShim.killAtJournalRename, named: "kill-on-journal-rename", in: tools)
        try arrive(1...1)
        let killed = try RunningCollage(booth(), environment: cups.environment.merging(["LD_PRELOAD": shim, "KILL_AT_JOURNAL_RENAME": "4"]) { $1 })
        #expect(await killed.status == SIGKILL, "\(killed.stderrLines)")
        #expect(try await untilPrinted(cups, count: 1) == [1])
        let restart = try RunningCollage(booth(), environment: cups.environment)
        #expect(try await restart.waitUntil { restart.stderrLines.contains { $0.contains("withholds its jobs' names") } }, "\(restart.stderrLines)")
        restart.signal(SIGTERM)
        _ = await restart.status
        try await Task.sleep(for: .seconds(1))
        #expect(cups.printed(on: "booth").count == 1, "the strip's job was sent again: \(restart.stderrLines)")
    }

    /// A queue that refuses jobs for a while: the strip's tries fail, and the round after the
    /// queue accepts again prints it, once, while the booth runs.
    @Test func aStripRefusedByTheQueueIsPrintedOnceItAcceptsAgain() async throws {
        let cups = try await CupsServer(queues: ["booth"])
        #expect(try await cups.client(["cupsreject", "booth"]).status == 0)
        try arrive(1...1)
        let run = try RunningCollage(booth(["--json"]), environment: cups.environment)
        #expect(try await run.waitUntil { run.stdout.components(separatedBy: "\"print-failed\"").count == 5 })
        #expect(try await cups.client(["cupsaccept", "booth"]).status == 0)
        try await run.waitFor("collage: printed \(numbered(1)) (2 copies)", within: .seconds(40))
        run.signal(SIGTERM)
        #expect(await run.status == 143)
        #expect(try await untilPrinted(cups, count: 1) == [1])
    }

    /// `collage check --printer QUEUE` asks CUPS through libcups, as the booth prints: ready when
    /// the queue takes jobs, failed when it refuses them or does not exist.
    @Test func checkAsksCUPSAboutThePrintersQueue() async throws {
        let cups = try await CupsServer(queues: ["booth"])
        let check = { (queue: String) async throws -> (Int32, String) in
            let run = try await CollageCommand.run(["check", self.photos.path, "-o", self.output, "--printer", queue], environment: cups.environment)
            return (run.status, run.stdout.split(separator: "\n").first { $0.contains(" printer ") }.map(String.init) ?? run.stdout)
        }
        let ready = try await check("booth")
        #expect(ready.0 == 0 && ready.1.hasPrefix("ready    printer      CUPS accepts jobs for booth"), "\(ready)")
        let unknown = try await check("nowhere")
        #expect(unknown.0 == 69 && unknown.1.hasPrefix("FAILED   printer      CUPS has no printer nowhere (--printer)"), "\(unknown)")
        #expect(try await cups.client(["cupsreject", "booth"]).status == 0)
        let refusing = try await check("booth")
        #expect(refusing.0 == 69 && refusing.1.contains("booth (--printer) does not accept jobs"), "\(refusing)")
    }
}
