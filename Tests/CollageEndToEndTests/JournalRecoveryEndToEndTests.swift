import CollageCore
import CollageCodecs
import CollageTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A printing booth whose journal is damaged or lost rebuilds what it did from its numbered
/// collages' own marks: their photos are not collaged again, and no collage is printed twice.
/// Through the real executable and a stand-in `lp`, with the machine's key in a folder of the
/// test's own (`COLLAGE_STATE_DIR`).
@Suite("a booth without a usable journal reprints nothing, end to end", .timeLimit(.minutes(3)))
struct JournalRecoveryEndToEndTests {
    let photos = try! TemporaryDirectory(), out = try! TemporaryDirectory(), state = try! TemporaryDirectory()
    var output: String { out.file("booth.jpg") }
    var journal: String { out.file(".booth.jpg.journal") }
    func numbered(_ n: Int) -> String { out.file(String(format: "booth-%04d.jpg", n)) }

    func booth(_ printer: String) throws -> RunningCollage {
        // -v: a line for each photo already in a collage (without it a restart sums them up in one).
        try RunningCollage(["watch", photos.path, "-o", output, "--batches", "--limit", "2", "--size", "300x200", "--throttle", "0", "--json",
                            "-v", "--print", "\(printer) {path}"], environment: ["COLLAGE_STATE_DIR": state.path])
    }

    /// Distinct small landscapes, by the tool's own encoder, arriving in the watched folder.
    func arrive(_ seeds: ClosedRange<Int>) throws {
        for seed in seeds {
            let bytes = try ImageEncoder.encode(TestImages.pattern(seed: seed, 120, 80), as: .jpeg)
            try Data(bytes).write(to: URL(fileURLWithPath: photos.file("p\(seed).jpg")))
        }
    }

    func printed(_ log: String) throws -> [String] { try PrintingEndToEndTests.calls(log).map { $0.last ?? "" } }

    func firstDay(_ printer: String, log: String) async throws {
        try arrive(1...4)
        let first = try booth(printer)
        try await first.waitFor("collage: printed \(numbered(2))")
        first.signal(SIGTERM)
        #expect(await first.status == 143)
        #expect(try printed(log) == [numbered(1), numbered(2)])
    }

    /// The second run, until it has printed the collage of two new photos; its log.
    func nextDay(_ printer: String) async throws -> RunningCollage {
        let second = try booth(printer)
        try await second.waitFor("collage: \(photos.file("p4.jpg")): already in \(numbered(2))")
        try arrive(5...6)
        try await second.waitFor("collage: printed \(numbered(3))")
        second.signal(SIGTERM)
        #expect(await second.status == 143)
        return second
    }

    @Test func aDamagedJournalCostsNoReprintAndNoSecondCollage() async throws {
        let lp = try PrintingEndToEndTests.standIn(in: out)
        try await firstDay(lp.program, log: lp.log)
        try "collage-journal 2\ncollage 1 complete garbage\n".write(toFile: journal, atomically: true, encoding: .utf8)

        let second = try await nextDay(lp.program)
        #expect(try printed(lp.log) == [numbered(1), numbered(2), numbered(3)])
        #expect(!FileManager.default.fileExists(atPath: numbered(4)))
        for (photo, collage) in [(1, 1), (2, 1), (3, 2), (4, 2)] {
            #expect(second.stderrLines.contains("collage: \(photos.file("p\(photo).jpg")): already in \(numbered(collage))"), "\(second.stderrLines)")
        }
        #expect(second.stderrLines.contains { $0.contains("the journal \(journal) cannot be used") && $0.contains("kept as \(journal).damaged")
            && $0.hasSuffix("what the 2 collages from \(numbered(1)) to \(numbered(2)) hold is read from their own marks: their photos are not used again, "
                + "and none is printed again by the booth") }, "\(second.stderrLines)")
        // Each named once as possibly not printed.
        let unknown = try await Shell.jq("select(.type == \"print-unknown\") | .data.path", Data(second.stdout.utf8))
        #expect(unknown == [numbered(1), numbered(2)])

        // With the booth's key: a journal is read only when signed with it.
        let shown = try await CollageCommand.run(["journal", "show", output], environment: ["COLLAGE_STATE_DIR": state.path])
        #expect(shown.stdout == """
            collage 1  booth-0001.jpg  2 photos  print-unknown  (p1.jpg, p2.jpg)
            collage 2  booth-0002.jpg  2 photos  print-unknown  (p3.jpg, p4.jpg)
            collage 3  booth-0003.jpg  2 photos  printed  (p5.jpg, p6.jpg)

            """, "\(shown.stderr)")
    }

    @Test func aMissingJournalIsRebuiltTheSameWay() async throws {
        let lp = try PrintingEndToEndTests.standIn(in: out)
        try await firstDay(lp.program, log: lp.log)
        try FileManager.default.removeItem(atPath: journal)
        _ = try await nextDay(lp.program)
        #expect(try printed(lp.log) == [numbered(1), numbered(2), numbered(3)])
        #expect(!FileManager.default.fileExists(atPath: numbered(4)))
    }
}
