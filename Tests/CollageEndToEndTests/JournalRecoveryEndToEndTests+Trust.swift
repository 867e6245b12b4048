import CollageCodecs
import CollageCore
import CollageTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The booth trusts only what it wrote: a journal it did not sign (a plain checksum anyone can
/// recompute, planted where the output is the watched folder), a journal put back to an older
/// state, and a collage file replaced while it waits for the printer, end to end.
extension JournalRecoveryEndToEndTests {
    /// Collage 1 listed as complete and never sent to the printer, with the plain SHA-256 a
    /// version 2 journal ended with: what a guest can write.
    func plantUnsignedJournal() throws {
        let saved = ContentHash(of: [UInt8](try Data(contentsOf: URL(fileURLWithPath: numbered(1)))))
        let body = "collage-journal 2\ncollage 1 complete \(saved) booth-0001.jpg\n"
        try (body + "sha256 \(ContentHash(of: Array(body.utf8)))\n").write(toFile: journal, atomically: true, encoding: .utf8)
    }

    @Test func aJournalWithAPlainChecksumIsNotTheBooths() async throws {
        let lp = try PrintingEndToEndTests.standIn(in: out)
        try await firstDay(lp.program, log: lp.log)
        try plantUnsignedJournal()

        let second = try await nextDay(lp.program)
        #expect(try printed(lp.log) == [numbered(1), numbered(2), numbered(3)])
        #expect(second.stderrLines.contains { $0.hasPrefix("collage: the journal \(journal) cannot be used (line 3: not signed with this machine's key")
            && $0.contains("kept as \(journal).damaged") }, "\(second.stderrLines)")
    }

    @Test func aJournalPutBackToAnOlderStateReprintsNothing() async throws {
        let lp = try PrintingEndToEndTests.standIn(in: out)
        try arrive(1...2)
        let first = try booth(lp.program)
        try await first.waitFor("collage: printed \(numbered(1))")
        let older = try Data(contentsOf: URL(fileURLWithPath: journal))
        try arrive(3...4)
        try await first.waitFor("collage: printed \(numbered(2))")
        first.signal(SIGTERM)
        #expect(await first.status == 143)
        // A backup put back: signed by this booth, but from before collage 2.
        try older.write(to: URL(fileURLWithPath: journal), options: .atomic)

        let second = try booth(lp.program)
        try await second.waitFor("collage: \(photos.file("p4.jpg")): already in \(numbered(2))", within: .seconds(30))
        try arrive(5...6)
        try await second.waitFor("collage: printed \(numbered(3))")
        second.signal(SIGTERM)
        #expect(await second.status == 143)
        #expect(try printed(lp.log) == [numbered(1), numbered(2), numbered(3)])
        #expect(second.stderrLines.contains("collage: \(numbered(2)) is newer than the journal \(journal) says: what it holds is read from its own "
            + "mark, its photos are not used again, and it is not printed again by the booth"), "\(second.stderrLines)")
    }

    @Test func aCollageReplacedWhileItWaitsForThePrinterIsNotPrinted() async throws {
        // The first print takes a while; each print records the SHA-256 of the file it was given.
        let hashes = out.file("printed-hashes"), slow = out.file("slow-once")
        let lp = try PrintingEndToEndTests.standIn(in: out, then: """
            sha256sum "$1" | cut -c1-64 >> '\(hashes)'
            [ -e '\(slow)' ] || { touch '\(slow)'; sleep 4; }
            """)
        try arrive(1...2)
        let run = try booth(lp.program)
        try await run.waitFor("collage: wrote \(numbered(1)) (300x200, 2 photos)")
        try arrive(3...4)
        try await run.waitFor("collage: wrote \(numbered(2)) (300x200, 2 photos)")
        // While collage 1 prints, another picture is renamed over collage 2.
        let planted = try ImageEncoder.encode(TestImages.pattern(seed: 99, 300, 200), as: .jpeg)
        try Data(planted).write(to: URL(fileURLWithPath: numbered(2) + ".planted"))
        #expect(rename(numbered(2) + ".planted", numbered(2)) == 0)
        try await run.waitFor("collage: collage 2 (\(numbered(2))) not printed: it is not the file this booth saved")
        try await run.waitFor("collage: printed \(numbered(1))")
        run.signal(SIGTERM)
        #expect(await run.status == 143)
        let printedHashes = try String(contentsOfFile: hashes, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(!printedHashes.contains(ContentHash(of: planted).description), "the planted picture was printed")
        #expect(try printed(lp.log) == [numbered(1)])
    }

    /// The window after the booth's check: the print command is given a private copy of the bytes
    /// checked, so a picture renamed over the collage's name while the command starts is not what
    /// it prints. The stand-in plants one itself, then reads the path it was given.
    @Test func thePrintCommandReadsAPrivateCopyThatNothingRenamedInReaches() async throws {
        let planted = try ImageEncoder.encode(TestImages.pattern(seed: 98, 300, 200), as: .jpeg)
        try Data(planted).write(to: URL(fileURLWithPath: out.file("planted.jpg")))
        let lp = try PrintingEndToEndTests.standIn(in: out, then: """
            sha256sum '\(numbered(1))' | cut -c1-64 >> '\(out.file("saved-hash"))'
            cp '\(out.file("planted.jpg"))' '\(numbered(1)).new' && mv -f '\(numbered(1)).new' '\(numbered(1))'
            sha256sum "$1" | cut -c1-64 >> '\(out.file("printed-hash"))'
            dirname "$1" >> '\(out.file("copy-folder"))'
            stat -c '%a %U' "$(dirname "$1")" >> '\(out.file("copy-folder"))'
            """)
        try arrive(1...2)
        let run = try booth(lp.program)
        try await run.waitFor("collage: printed \(numbered(1))")
        run.signal(SIGTERM)
        #expect(await run.status == 143)
        let saved = try String(contentsOfFile: out.file("saved-hash"), encoding: .utf8)
        #expect(try String(contentsOfFile: out.file("printed-hash"), encoding: .utf8) == saved)
        #expect(saved != ContentHash(of: planted).description + "\n")
        let folder = try String(contentsOfFile: out.file("copy-folder"), encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(folder.count == 2 && folder[0].hasPrefix(state.path + "/collage-print.") && folder[1] == "700 \(NSUserName())", "\(folder)")
        #expect(!FileManager.default.fileExists(atPath: folder[0]), "the private copy was left behind")
        // The key, and the booth's count of prints begun (`PrintCount`): no copy left.
        #expect(try FileManager.default.contentsOfDirectory(atPath: state.path).filter { !$0.hasPrefix("prints-") } == ["key"])
    }
}
