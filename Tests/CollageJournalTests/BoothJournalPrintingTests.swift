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

    @Test func aPrintingRestartPrintsWhatWasNeverSentAndNamesWhatIsInDoubtOnce() async throws {
        let booth = Booth()
        let photos = try booth.arrive(["path.jpg", "autumn.jpg", "kite.jpg"])
        _ = try await booth.firstRun(printing: true) { journal in
            for batch in 1...4 { try await booth.save(journal, batch: batch, [photos[(batch - 1) % 3]], complete: true) }
            #expect(try journal.beginPrint(batch: 1))
            try journal.endPrint(batch: 1, printed: 2)
            #expect(try journal.beginPrint(batch: 2))  // killed while it prints
            #expect(try journal.beginPrint(batch: 3))
            try journal.endPrint(batch: 3, printed: nil)
            #expect(try !journal.beginPrint(batch: 1) && !journal.beginPrint(batch: 2))
        }
        let (again, _) = try booth.open(printing: true)
        let settled = try again.settlePrints()
        #expect(settled.toPrint == [3, 4] && settled.inDoubt == [2])
        #expect(try !again.beginPrint(batch: 2))
        again.close()
        let (third, _) = try booth.open(printing: true)
        let (toPrint, inDoubt) = try third.settlePrints()
        #expect(toPrint == [3, 4] && inDoubt.isEmpty)  // named once
        #expect(third.history.printState(of: 2) == .unknown && third.history.printState(of: 1) == .printed(copies: 2))
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
        #expect(try again.settlePrints() == ([], []))
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
