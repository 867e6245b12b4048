import CollageCore
import CollageFiles
import CollageLocking
import CollageTestSupport
import Dispatch
import Foundation
import Testing
@testable import CollageJournal

/// Each complete collage's print state in the journal: written before and after the print
/// command, read back across restarts, and never lost when saves and prints write at once.
@Suite("The photo booth's journal: print states across restarts")
struct BoothJournalPrintingTests {
    typealias Booth = BoothJournalTests.Booth

    static let key = [UInt8](repeating: 7, count: 32)

    /// A journal's text with its `hmac` line under `key`.
    static func signed(_ body: String, key: [UInt8] = key) -> [UInt8] {
        Array((body + "hmac \(HMAC.hex(HMAC.sha256(Array(body.utf8), key: key)))\n").utf8)
    }

    func collage(_ number: Int, complete: Bool = true) -> BoothHistory.Collage {
        .init(number: number, file: PathName("booth-000\(number).jpg"), complete: complete, saved: ContentHash(of: [UInt8(number)]),
              photos: [.init(content: ContentHash(of: [UInt8(number), 1]), name: PathName("p\(number).jpg"))])
    }

    @Test func everyPrintStateReadsBackAndIsWrittenAfterItsCollagesPhotos() throws {
        let states: [BoothHistory.PrintState] = [.printing, .printed(copies: 2), .failed, .unknown, .off]
        let history = BoothHistory(collages: (1...6).map { collage($0) } + [collage(7, complete: false)],
                                   prints: Dictionary(uniqueKeysWithValues: states.enumerated().map { ($0.offset + 1, $0.element) }))
        #expect(try BoothHistory(parsing: history.serialized(key: Self.key), key: Self.key) == history)
        let text = String(decoding: history.serialized(key: Self.key), as: UTF8.self)
        #expect(text.hasPrefix("collage-journal 3\n"))
        #expect(text.contains("photo \(ContentHash(of: [2, 1])) p2.jpg\nprint 2 printed 2\ncollage 3 "))
        #expect(history.toPrint.map(\.number) == [3, 6])  // failed, and never sent; never the open one
        #expect(history.printsInDoubt.map(\.number) == [1])
    }

    @Test("A print line that is not about the complete collage before it is damage", arguments: [
        "print 1 printed 0", "print 1 printed", "print 2 printing", "print 1 sent", "print 3 printing",
    ])
    func aBadPrintLineIsRefused(line: String) {
        let body = "collage-journal 3\ncollage 1 complete \(ContentHash(of: [1])) booth-0001.jpg\n"
            + "collage 3 open \(ContentHash(of: [3])) booth-0003.jpg\n\(line)\n"
        #expect(throws: BoothHistory.FormatError.self) {
            try BoothHistory(parsing: Self.signed(body), key: Self.key)
        }
    }

    /// Anyone can recompute a plain SHA-256: a journal is the booth's only under its key.
    @Test func aJournalNotSignedWithThisKeyIsRefusedWithItsReason() throws {
        let body = "collage-journal 3\ncollage 1 complete \(ContentHash(of: [1])) booth-0001.jpg\n"
        #expect(try BoothHistory(parsing: Self.signed(body), key: Self.key).collages.map(\.number) == [1])
        let unsigned = Array((body + "sha256 \(ContentHash(of: Array(body.utf8)))\n").utf8)
        let another = Self.signed(body, key: [UInt8](repeating: 8, count: 32))
        var altered = Self.signed(body)
        altered[20] ^= 1
        for (bytes, reason) in [(unsigned, "an unsigned journal"), (another, "another booth's journal"), (altered, "another booth's journal")] {
            let error = #expect(throws: BoothHistory.FormatError.self) { try BoothHistory(parsing: bytes, key: Self.key) }
            #expect(error?.line == 3 && error?.problem.contains(reason) == true, "\(String(describing: error))")
        }
    }

    /// A restart owes, in order: a print in doubt (its booth stopped while it printed), one that
    /// failed (sent before: the server may have it), one never sent. One named in doubt
    /// (`printUnknown`) is owed no more; a printed one never is.
    @Test func aPrintingRestartOwesWhatWasNeverSentFailedOrInDoubt() async throws {
        let booth = Booth()
        let photos = try booth.arrive(["path.jpg", "autumn.jpg", "kite.jpg"])
        _ = try await booth.firstRun(printing: true) { journal in
            for batch in 1...4 { try await booth.save(journal, batch: batch, [photos[(batch - 1) % 3]], complete: true) }
            #expect(try journal.beginPrint(batch: 1))
            try journal.endPrint(batch: 1, printed: 2)
            #expect(try journal.beginPrint(batch: 2))  // killed while it prints
            #expect(try journal.beginPrint(batch: 3))
            try journal.endPrint(batch: 3, printed: nil)
            #expect(try !journal.beginPrint(batch: 1))
        }
        let (again, _) = try booth.open(printing: true)
        let owed = again.unprinted()
        #expect(owed.map(\.number) == [2, 3, 4])
        #expect(owed.map(\.inDoubt) == [true, false, false] && owed.map(\.mayExist) == [false, true, false])
        try again.printUnknown(batch: 2)
        #expect(try !again.beginPrint(batch: 2))
        again.close()
        let (third, _) = try booth.open(printing: true)
        #expect(third.unprinted().map(\.number) == [3, 4])  // named once
        #expect(third.history.printState(of: 2) == .unknown && third.history.printState(of: 1) == .printed(copies: 2))
        #expect(third.history.printsBegun == 3)
        third.close()
    }

    /// The backup: collage 1's print failed, the journal was copied, a restart printed it,
    /// then the copy was put back. The booth's own count (beside its key) is higher than the
    /// copy's, so collage 1 is in doubt, never simply printed again.
    @Test func aJournalPutBackFromACopyPutsItsPrintsInDoubt() async throws {
        let booth = Booth()
        let photos = try booth.arrive(["path.jpg", "autumn.jpg"])
        var copy = Data()
        _ = try await booth.firstRun(printing: true) { journal in
            try await booth.save(journal, batch: 1, [photos[0]], complete: true)
            #expect(try journal.beginPrint(batch: 1))
            try journal.endPrint(batch: 1, printed: nil)  // out of paper
            try await booth.save(journal, batch: 2, [photos[1]], complete: true)
            copy = try Data(contentsOf: URL(fileURLWithPath: journal.path.description))
        }
        _ = try await booth.firstRun(printing: true) { journal in
            #expect(journal.unprinted().map(\.number) == [1, 2])
            #expect(try journal.beginPrint(batch: 1))
            try journal.endPrint(batch: 1, printed: 1)
        }
        try copy.write(to: URL(fileURLWithPath: BoothJournal.journalPath(for: booth.output).description))
        let (restored, _) = try booth.open(printing: true)
        defer { restored.close() }
        #expect(restored.unprinted().map(\.number) == [1, 2] && restored.unprinted().allSatisfy(\.inDoubt))
        #expect(booth.notices.withLock { $0 }.contains { $0.contains("counts 1 prints begun where this booth counts 2") })
        // The booth's count goes on from its own, not the copy's.
        #expect(restored.history.printsBegun == 2)
    }

    /// The count beside the key: read back as written, and unusable when altered, another
    /// booth's, or signed with another key.
    @Test func theBoothsCountOfPrintsIsSignedAndItsOwn() throws {
        let folder = try TemporaryDirectory(), key = [UInt8](repeating: 3, count: 32)
        let count = PrintCount(besideKey: PathName(folder.file("key")), booth: "b1", key: key)
        #expect(count.read() == .missing)
        try count.write(41)
        #expect(count.read() == .count(41))
        #expect(PrintCount(besideKey: PathName(folder.file("key")), booth: "b1", key: [UInt8](repeating: 4, count: 32)).read()
            == .unusable("not signed with this machine's key"))
        let file = folder.file("prints-b1")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try text.replacingOccurrences(of: "begun 41", with: "begun 40").write(toFile: file, atomically: true, encoding: .utf8)
        #expect(count.read() == .unusable("not signed with this machine's key"))
        try text.replacingOccurrences(of: "booth b1", with: "booth b2").write(toFile: folder.file("prints-b2"), atomically: true, encoding: .utf8)
        #expect(PrintCount(besideKey: PathName(folder.file("key")), booth: "b2", key: key).read() == .unusable("not signed with this machine's key"))
    }

    @Test func aBoothThatDoesNotPrintMarksItsCollagesSoALaterPrintingRunLeavesThem() async throws {
        let booth = Booth()
        let photos = try booth.arrive(["path.jpg", "autumn.jpg"])
        _ = try await booth.firstRun(printing: false) { journal in
            try await booth.save(journal, batch: 1, [photos[0]], complete: true)
            try await booth.save(journal, batch: 2, [photos[1]], complete: false)
        }
        let (again, _) = try booth.open(printing: true)
        #expect(again.history.printState(of: 1) == .off && again.history.printState(of: 2) == nil)
        #expect(again.unprinted().isEmpty)
    }

    /// A save on one thread while a print state is recorded on another, as a booth's watch and
    /// its printer do, round after round: after each, the file holds both changes. The old
    /// journal serialised under its lock but wrote after releasing it, so the older of two
    /// states could land last and the newer change was lost from the file.
    @Test func aSaveAndAPrintStateAtOnceLoseNoUpdate() throws {
        let booth = Booth()
        let (journal, _) = try booth.open(printing: true)
        defer { journal.close() }
        @Sendable func save(_ batch: Int) throws {
            try journal.intend(batch: batch, photos: [], complete: true, content: ContentHash(of: [UInt8(batch % 256)]))
            try journal.saved(batch: batch)
        }
        try save(1)
        var lost: [Int] = []
        for round in 1...200 {
            let failures = Locked<[String]>([])
            let go = DispatchSemaphore(value: 0), ended = DispatchGroup()
            for work in [{ try save(round + 1) }, { _ = try journal.beginPrint(batch: round) }] as [@Sendable () throws -> Void] {
                ended.enter()
                Thread {
                    go.wait()
                    do { try work() } catch { failures.withLock { $0.append("\(error)") } }
                    ended.leave()
                }.start()
            }
            go.signal()
            go.signal()
            ended.wait()
            #expect(failures.withLock { $0 }.isEmpty)
            if try BoothHistory(parsing: try InputFile(journal.path).readAll(), key: journal.key) != journal.history { lost.append(round) }
        }
        #expect(lost.isEmpty, "the journal file lost an update in rounds \(lost)")
        #expect(journal.history.collages.count == 201 && journal.history.printsInDoubt.count == 200)
    }
}
