import CollageCodecs
import CollageCore
import CollageTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A strip open when the booth stopped, and its journal then lost or put back: the strip's own
/// mark says it was open, so it is finished and printed once complete; and a journal from a
/// backup taken while it was open does not make its later photos new again, end to end.
extension JournalRecoveryEndToEndTests {
    /// The run that leaves strip 1 open with photo 1.
    func leaveAStripOpen(_ printer: String) async throws {
        try arrive(1...1)
        let first = try booth(printer)
        try await first.waitFor("collage: wrote \(numbered(1)) (300x200, 1 photo)")
        first.signal(SIGTERM)
        #expect(await first.status == 143)
    }

    /// What a booth rebuilds from when its journal is lost: each strip's own mark, signed with
    /// the machine's key, says whether it was open or complete, and with which photos.
    @Test func anOpenStripsMarkSaysOpenAndACompleteOnesComplete() async throws {
        let lp = try PrintingEndToEndTests.standIn(in: out)
        try arrive(1...1)
        let run = try booth(lp.program)
        try await run.waitFor("collage: wrote \(numbered(1)) (300x200, 1 photo)")
        let key = [UInt8](try Data(contentsOf: URL(fileURLWithPath: state.file("key"))))
        let open = try #require(CollageMark.record(in: [UInt8](try Data(contentsOf: URL(fileURLWithPath: numbered(1)))), key: key))
        #expect(!open.complete && open.photos.map(\.name) == ["p1.jpg"], "\(open)")
        try arrive(2...2)
        try await run.waitFor("collage: printed \(numbered(1))")
        run.signal(SIGTERM)
        #expect(await run.status == 143)
        let complete = try #require(CollageMark.record(in: [UInt8](try Data(contentsOf: URL(fileURLWithPath: numbered(1)))), key: key))
        #expect(complete.complete && complete.photos.map(\.name) == ["p1.jpg", "p2.jpg"], "\(complete)")
    }

    @Test func aStripOpenWhenTheJournalWasLostIsFinishedAndPrinted() async throws {
        let lp = try PrintingEndToEndTests.standIn(in: out)
        try await leaveAStripOpen(lp.program)
        try FileManager.default.removeItem(atPath: journal)

        let second = try booth(lp.program)
        try await second.waitFor("collage: finishing \(numbered(1)) (1 photo) before starting another", within: .seconds(30))
        try arrive(2...4)
        try await second.waitFor("collage: printed \(numbered(2))")
        second.signal(SIGTERM)
        #expect(await second.status == 143)
        #expect(try printed(lp.log) == [numbered(1), numbered(2)])
        let unknown = try await Shell.jq("select(.type == \"print-unknown\") | .data.path", Data(second.stdout.utf8))
        #expect(unknown.isEmpty, "named as possibly printed: \(unknown)")
    }

    @Test func aJournalFromABackupTakenWhileAStripWasOpenCollagesNoPhotoTwice() async throws {
        let lp = try PrintingEndToEndTests.standIn(in: out)
        try arrive(1...1)
        let first = try booth(lp.program)
        try await first.waitFor("collage: wrote \(numbered(1)) (300x200, 1 photo)")
        let backup = try Data(contentsOf: URL(fileURLWithPath: journal))
        try arrive(2...2)
        try await first.waitFor("collage: printed \(numbered(1))")
        first.signal(SIGTERM)
        #expect(await first.status == 143)
        try backup.write(to: URL(fileURLWithPath: journal), options: .atomic)

        let second = try booth(lp.program)
        try await second.waitFor("collage: \(photos.file("p1.jpg")): already in \(numbered(1))")
        try arrive(3...4)
        try await second.waitFor("collage: printed \(numbered(2))")
        second.signal(SIGTERM)
        #expect(await second.status == 143)
        #expect(try printed(lp.log) == [numbered(1), numbered(2)])
        #expect(second.stderrLines.contains("collage: \(photos.file("p2.jpg")): already in \(numbered(1))"), "\(second.stderrLines)")
        let shown = try await CollageCommand.run(["journal", "show", output], environment: ["COLLAGE_STATE_DIR": state.path])
        #expect(shown.stdout == """
            collage 1  booth-0001.jpg  2 photos  print-unknown  (p1.jpg, p2.jpg)
            collage 2  booth-0002.jpg  2 photos  printed  (p3.jpg, p4.jpg)

            """, "\(shown.stderr)")
    }
}
