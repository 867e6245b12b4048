import CollageCore
import CollageFiles
import CollageLocking
import CollageTestSupport
import Foundation
import Testing
@testable import CollageJournal
import CollageWriting

/// What a printing booth rebuilds when its journal is lost, damaged or put back to an older
/// state, while a strip was open: an open strip's mark says so, and it is finished and printed
/// once complete, never named as possibly printed; a strip the journal knows as open but whose
/// file holds more is taken from its own mark, so none of its photos is collaged again.
@Suite("The photo booth's journal: an open strip across a lost or older journal")
struct BoothJournalRecoveryTests {
    typealias Booth = BoothJournalTests.Booth

    enum Loss: CaseIterable {
        case missing, damaged
    }

    /// The journal gone (deleted, or a byte changed): the open strip is read from its mark.
    @Test("A strip open when the journal was lost is finished and printed, never in doubt", arguments: Loss.allCases)
    func anOpenStripIsFinishedAndPrinted(loss: Loss) async throws {
        let booth = Booth()
        let photos = try booth.arrive(["path.jpg", "autumn.jpg"])
        _ = try await booth.firstRun(printing: true) { journal in try await booth.save(journal, batch: 1, [photos[0]], complete: false) }
        let path = booth.out.file(".booth.jpg.journal")
        switch loss {
        case .missing:
            try FileManager.default.removeItem(atPath: path)
        case .damaged:
            var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            bytes[bytes.count / 2] ^= 1
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        }

        let (journal, start) = try booth.open(limit: 2, printing: true)
        defer { journal.close() }
        #expect(start.batch == 1 && start.files == [PhotoFile(path: photos[0].name)])
        #expect(journal.history.saved(1)?.complete == false && journal.history.printState(of: 1) == nil)
        #expect(journal.unprinted().isEmpty, "\(journal.unprinted())")
        // Completed by the second guest's photo: printed, once.
        try await booth.save(journal, batch: 1, photos, complete: true)
        #expect(try journal.beginPrint(batch: 1))
        try journal.endPrint(batch: 1, printed: 1)
        #expect(try !journal.beginPrint(batch: 1))
    }

    /// A backup of the journal taken while strip 1 held one photo, put back after the strip was
    /// completed and printed: the journal knows number 1, but not the file there now.
    @Test func aJournalPutBackToAnOpenStripTakesTheCompleteStripFromItsMark() async throws {
        let booth = Booth()
        let photos = try booth.arrive(["path.jpg", "autumn.jpg"])
        let path = booth.out.file(".booth.jpg.journal")
        var backup = Data()
        _ = try await booth.firstRun(printing: true) { journal in
            try await booth.save(journal, batch: 1, [photos[0]], complete: false)
            backup = try Data(contentsOf: URL(fileURLWithPath: path))
            try await booth.save(journal, batch: 1, photos, complete: true)
            #expect(try journal.beginPrint(batch: 1))
            try journal.endPrint(batch: 1, printed: 1)
        }
        try backup.write(to: URL(fileURLWithPath: path))

        let (journal, start) = try booth.open(limit: 2, printing: true)
        defer { journal.close() }
        // The second photo is already in strip 1: not collaged (and printed) again.
        #expect(journal.collage(containing: photos[1].content!) == booth.output.path(forBatch: 1))
        #expect(journal.collage(containing: photos[0].content!) == booth.output.path(forBatch: 1))
        #expect(start.batch == 2 && start.files.isEmpty)
        #expect(journal.history.saved(1)?.complete == true && journal.history.saved(1)?.photos.count == 2)
        // Its print is not known: in doubt (asked of CUPS, or named once and never printed again).
        let owed = journal.unprinted()
        #expect(owed.map(\.number) == [1] && owed.allSatisfy(\.inDoubt), "\(owed)")
        #expect(booth.notices.withLock { $0 }.contains("\(booth.output.path(forBatch: 1)) is newer than the journal \(path) says: what it "
            + "holds is read from its own mark, its photos are not used again, and it is not printed again by the booth"),
                "\(booth.notices.withLock { $0 })")
    }
}
