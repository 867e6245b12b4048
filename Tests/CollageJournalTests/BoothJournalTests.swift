import CollageEvents
import CollageCodecs
import CollageCore
import CollageImaging
import CollageLocking
import CollageSources
import CollageTestSupport
import Foundation
import Testing
@testable import CollageJournal
import CollageWriting
import CollageSaving
import CollageFiles

@Suite("The photo booth's journal: its format, and where a restart resumes")
struct BoothJournalTests {
    /// A booth writing `booth-NNNN.jpg` into `out`, watching `photos`.
    struct Booth {
        let photos = try! TemporaryDirectory()
        let out = try! TemporaryDirectory()
        let notices = Locked<[String]>([])
        var output: CollageOutput { CollageOutput(path: PathName(out.file("booth.jpg")), numbered: true) }

        func open(limit: Int = 6, printing: Bool = false) throws -> (BoothJournal, BoothStart) {
            try BoothJournal.open(for: output, watching: PathName(photos.path), limit: limit, printing: printing) { text in
                notices.withLock { $0.append(text) }
            }
        }

        /// A first run of the booth: its journal is closed (its lock released) when `day` returns,
        /// as when the process ends; what it recorded is returned.
        func firstRun(printing: Bool = false, _ day: (BoothJournal) async throws -> Void) async throws -> BoothHistory {
            let (journal, _) = try open(printing: printing)
            defer { journal.close() }
            try await day(journal)
            return journal.history
        }

        /// Copies fixtures into the watched folder; the photos as the loader makes them.
        func arrive(_ names: [String]) throws -> [Photo] {
            try names.map { name in
                try FileManager.default.copyItem(atPath: Fixtures.path(name), toPath: photos.file(name))
                let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: photos.file(name))))
                var photo = Photo(name: PathName(photos.file(name)), size: PixelSize(width: 4, height: 3), image: TestImages.quadrants(4, 3))
                photo.content = ContentHash(of: bytes)
                return photo
            }
        }

        /// Saves collage `batch` as the sink would: a file, then the journal.
        func save(_ journal: BoothJournal, batch: Int, _ photos: [Photo], complete: Bool) async throws {
            _ = try await CollageWriter().save(TestImages.quadrants(60, 40), to: .file(output.path(forBatch: batch)), as: .jpeg,
                                               record: journal.markRecord(of: photos, complete: complete)) { content in
                try journal.intend(batch: batch, photos: photos, complete: complete, content: content)
            }.value
            try journal.saved(batch: batch)
        }
    }

    @Test func theJournalNamesItsOutputAndReadsItBack() throws {
        let history = BoothHistory(collages: [.init(number: 1, file: "booth-0001.jpg", complete: true, saved: ContentHash(of: [1]), photos: [])],
                                   output: PathName(bytes: Array("/srv/booth/caf".utf8) + [0xE9] + Array(" prints/booth.jpg".utf8)))
        let bytes = history.serialized(key: BoothJournalPrintingTests.key)
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("collage-journal 3\noutput /srv/booth/caf\\xE9 prints/booth.jpg\ncollage 1 "))
        #expect(try BoothHistory(parsing: bytes, key: BoothJournalPrintingTests.key) == history)
    }

    @Test func theFormatReadsBackExactlyNamesThatAreNotUTF8Included() throws {
        let latin1 = PathName(bytes: Array("caf".utf8) + [0xE9] + Array(".jpg".utf8))
        let odd = PathName("two\nlines \\x41 .jpg")
        let history = BoothHistory(collages: [
            .init(number: 1, file: "booth-0001.jpg", complete: true, saved: ContentHash(of: [1]),
                  photos: [.init(content: ContentHash(of: [2]), name: latin1), .init(content: ContentHash(of: [3]), name: odd)]),
            .init(number: 3, file: "booth 0003.jpg", complete: false, saved: ContentHash(of: [4]), photos: []),
        ])
        let bytes = history.serialized(key: BoothJournalPrintingTests.key)
        #expect(try BoothHistory(parsing: bytes, key: BoothJournalPrintingTests.key) == history)
        #expect(String(decoding: bytes, as: UTF8.self).contains("caf\\xE9.jpg\n"))
    }

    @Test func anIntentReadsBackAndASaveSettlesIt() throws {
        let first = BoothHistory.Collage(number: 1, file: "booth-0001.jpg", complete: false, saved: ContentHash(of: [1]),
                                         photos: [.init(content: ContentHash(of: [2]), name: "a.jpg")])
        var history = BoothHistory(collages: [first])
        var next = first
        next.saved = ContentHash(of: [3])
        next.photos.append(.init(content: ContentHash(of: [4]), name: "b.jpg"))
        history.intend(next)
        #expect(try BoothHistory(parsing: history.serialized(key: BoothJournalPrintingTests.key), key: BoothJournalPrintingTests.key) == history)
        #expect(String(decoding: history.serialized(key: BoothJournalPrintingTests.key), as: UTF8.self).contains("\nintent 1 open \(ContentHash(of: [3])) booth-0001.jpg\nphoto "))
        history.record(next)
        #expect(history.intent == nil && history.collages == [next])
    }

    @Test("A number the booth could not count on from makes the journal unusable", arguments: ["9223372036854775807", "1000000000", "-3"])
    func anAbsurdNumberIsRefused(number: String) {
        let body = "collage-journal 3\ncollage \(number) complete \(ContentHash(of: [1])) booth-x.jpg\n"
        let error = #expect(throws: BoothHistory.FormatError.self) {
            try BoothHistory(parsing: BoothJournalPrintingTests.signed(body), key: BoothJournalPrintingTests.key)
        }
        #expect(error?.line == 2)
    }

    @Test func aRestartKnowsTheFileItIntendedAsItsOwn() async throws {
        let booth = Booth()
        let photos = try booth.arrive(["path.jpg", "autumn.jpg", "kite.jpg"])
        // Killed after the second save's rename, before its journal's: the intent names the file.
        _ = try await booth.firstRun { journal in
            try await booth.save(journal, batch: 1, [photos[0]], complete: false)
            _ = try await CollageWriter().save(TestImages.quadrants(40, 60), to: .file(booth.output.path(forBatch: 1)), as: .jpeg) { content in
                try journal.intend(batch: 1, photos: Array(photos[0..<2]), complete: false, content: content)
            }.value
        }
        let (again, start) = try booth.open()
        #expect(start.batch == 1 && start.files == photos[0..<2].map { PhotoFile(path: $0.name) })
        #expect(again.history.intent == nil && again.history.collages.map(\.photos.count) == [2])
        #expect(booth.notices.withLock { $0 }.first == "\(booth.output.path(forBatch: 1)) was saved just before the booth stopped: the journal \(again.path) now says so")
    }

    @Test func aRestartForgetsAnIntentWhoseFileWasNeverRenamed() async throws {
        let booth = Booth()
        let photos = try booth.arrive(["path.jpg", "autumn.jpg"])
        _ = try await booth.firstRun { journal in
            try await booth.save(journal, batch: 1, [photos[0]], complete: false)
            // Killed after the intent, before the rename.
            try journal.intend(batch: 1, photos: photos, complete: false, content: ContentHash(of: [9]))
        }
        let (again, start) = try booth.open()
        #expect(start.batch == 1 && start.files == [PhotoFile(path: photos[0].name)])
        #expect(again.history.intent == nil && again.history.collages.map(\.photos.count) == [1])
    }

    @Test("Any damage is detected, never half believed", arguments: [
        { (bytes: [UInt8]) in Array(bytes.dropLast(20)) },  // cut short
        { (bytes: [UInt8]) in bytes.map { $0 == UInt8(ascii: "7") ? UInt8(ascii: "8") : $0 } },  // digits changed
        { (bytes: [UInt8]) in Array("collage-journal 3\nhmac x\n".utf8) },
        { (bytes: [UInt8]) in [] },
        { (bytes: [UInt8]) in Array("not a journal\n".utf8) + bytes },
    ] as [@Sendable ([UInt8]) -> [UInt8]])
    func damage(_ damage: @Sendable ([UInt8]) -> [UInt8]) throws {
        let history = BoothHistory(collages: [.init(number: 7, file: "booth-0007.jpg", complete: true, saved: ContentHash(of: [1]),
                                                    photos: [.init(content: ContentHash(of: [2]), name: "a.jpg")])])
        #expect(throws: BoothHistory.FormatError.self) { try BoothHistory(parsing: damage(history.serialized(key: BoothJournalPrintingTests.key)), key: BoothJournalPrintingTests.key) }
    }

    @Test func aFreshBoothStartsAtOneAndSaysNothing() throws {
        let booth = Booth()
        let (_, start) = try booth.open()
        #expect(start.batch == 1 && start.files.isEmpty)
        #expect(booth.notices.withLock { $0 }.isEmpty)
    }

    @Test func aRestartContinuesAfterTheLastCollageAndRefusesItsPhotos() async throws {
        let booth = Booth()
        let photos = try booth.arrive(["autumn.jpg", "kite.jpg", "path.jpg"])
        let history = try await booth.firstRun { journal in
            try await booth.save(journal, batch: 1, Array(photos[0..<2]), complete: true)
            try await booth.save(journal, batch: 2, [photos[2]], complete: true)
        }

        let (again, start) = try booth.open()
        #expect(start.batch == 3 && start.files.isEmpty)
        #expect(again.history == history)
        #expect(again.collage(containing: photos[0].content!) == booth.output.path(forBatch: 1))
        #expect(again.collage(containing: photos[2].content!) == booth.output.path(forBatch: 2))
        #expect(again.collage(containing: ContentHash(of: [0])) == nil)
        #expect(booth.notices.withLock { $0 } == ["\(BoothJournal.journalPath(for: booth.output)): 2 collages saved before; the next is \(booth.out.file("booth-0003.jpg"))"])
    }

    @Test func anUnfinishedCollageIsFinishedWithItsPhotosInTheirOrder() async throws {
        let booth = Booth()
        let photos = try booth.arrive(["path.jpg", "autumn.jpg"])
        _ = try await booth.firstRun { journal in
            try await booth.save(journal, batch: 4, photos, complete: false)
            #expect(journal.collage(containing: photos[0].content!) == nil)  // the open collage's own: the duplicate rule's business
        }

        let (again, start) = try booth.open()
        #expect(start.batch == 4)
        #expect(start.files == photos.map { PhotoFile(path: $0.name) })
        #expect(again.collage(containing: photos[0].content!) == nil)
        #expect(start.nextBatch(4) == 5)
    }

    /// A photo deleted while the booth was stopped leaves the unfinished collage, which is
    /// finished with the photos left: they are not "already in" it.
    @Test func anUnfinishedCollageWhosePhotoIsGoneIsFinishedWithThePhotosLeft() async throws {
        let booth = Booth()
        let photos = try booth.arrive(["path.jpg", "autumn.jpg"])
        _ = try await booth.firstRun { journal in try await booth.save(journal, batch: 1, photos, complete: false) }
        try FileManager.default.removeItem(atPath: booth.photos.file("autumn.jpg"))

        let (again, start) = try booth.open()
        #expect(start.batch == 1)
        #expect(start.files == [PhotoFile(path: photos[0].name)] && start.gone == [PhotoFile(path: photos[1].name)])
        #expect(again.collage(containing: photos[0].content!) == nil)
        #expect(booth.notices.withLock { $0 }.first == "finishing \(booth.out.file("booth-0001.jpg")) (1 photo) before starting another; "
            + "gone from \(booth.photos.path) since: \(booth.photos.file("autumn.jpg"))")
    }

    @Test func anUnfinishedCollageWhoseFileWasReplacedIsNotTouched() async throws {
        let booth = Booth()
        let photos = try booth.arrive(["path.jpg"])
        _ = try await booth.firstRun { journal in try await booth.save(journal, batch: 1, photos, complete: false) }
        try FileManager.default.removeItem(atPath: booth.out.file("booth-0001.jpg"))
        try FileManager.default.copyItem(atPath: Fixtures.path("kite.jpg"), toPath: booth.out.file("booth-0001.jpg"))

        let (_, start) = try booth.open()
        #expect(start.batch == 2)
        #expect(booth.notices.withLock { $0 }.first == "\(booth.out.file("booth-0001.jpg")) is kept as it is: the file is not the one this booth saved")
    }

    @Test func aNumberedFileAfterTheJournalsLastIsSaidToBeSkipped() async throws {
        let booth = Booth()
        let photos = try booth.arrive(["path.jpg"])
        _ = try await booth.firstRun { journal in try await booth.save(journal, batch: 1, photos, complete: true) }
        try FileManager.default.copyItem(atPath: Fixtures.path("kite.jpg"), toPath: booth.out.file("booth-0002.jpg"))

        let (_, start) = try booth.open()
        #expect(start.batch == 3 && start.nextBatch(3) == 4)
        #expect(booth.notices.withLock { $0 } == [
            "\(booth.out.file("booth-0002.jpg")) is not in the journal \(booth.out.file(".booth.jpg.journal")): it is kept, and its number skipped",
            "\(booth.out.file(".booth.jpg.journal")): 1 collage saved before; the next is \(booth.out.file("booth-0003.jpg"))",
        ])
    }

    @Test func withoutAJournalNumberingGoesPastEveryNumberedFile() throws {
        let booth = Booth()
        for name in ["booth-0001.jpg", "booth-0004.jpg", "booth-x.jpg"] {
            try FileManager.default.copyItem(atPath: Fixtures.path("kite.jpg"), toPath: booth.out.file(name))
        }
        let (_, start) = try booth.open()
        #expect(start.batch == 5)
        #expect(booth.notices.withLock { $0 }.first?.hasPrefix("no journal \(booth.out.file(".booth.jpg.journal")) beside \(booth.out.file("booth-0004.jpg"))") == true)
    }

    @Test func aCollageWhoseMarkNamesNoBoothIsNotThisBoothsRecord() async throws {
        let booth = Booth()
        let photos = try booth.arrive(["path.jpg"])
        // A collage signed on this machine whose mark names no booth output: `build`'s, or one
        // from before marks named it.
        _ = try await CollageWriter().save(TestImages.quadrants(60, 40), to: .file(booth.output.path(forBatch: 1)), as: .jpeg,
                                           record: BoothJournal.record(of: photos, complete: true)).value
        let (journal, start) = try booth.open()
        defer { journal.close() }
        #expect(journal.history.collages.isEmpty && start.batch == 2)
        #expect(booth.notices.withLock { $0 }.contains("\(booth.out.file("booth-0001.jpg")) is not a collage of this booth (its mark names no "
            + "booth output: made by build, or by a version before marks named it): it is not this booth's record, and is not served, "
            + "printed or replaced"), "\(booth.notices.withLock { $0 })")
    }

    @Test func aDamagedJournalIsKeptAsideAndNothingIsOverwritten() async throws {
        let booth = Booth()
        let photos = try booth.arrive(["path.jpg"])
        _ = try await booth.firstRun { journal in try await booth.save(journal, batch: 1, photos, complete: false) }
        let path = booth.out.file(".booth.jpg.journal")
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[bytes.count / 2] ^= 1
        try Data(bytes).write(to: URL(fileURLWithPath: path))

        let (journal, start) = try booth.open()
        // Collage 1's own mark says what it holds: it is finished with its photo, never replaced by another.
        #expect(start.batch == 1 && start.files.map(\.path) == [PathName(booth.photos.file("path.jpg"))])
        #expect(journal.history.collages.map(\.photos) == [[BoothHistory.Entry(content: photos[0].content!, name: "path.jpg")]])
        #expect(booth.out.contents == [".booth.jpg.journal.damaged", ".booth.jpg.lock", "booth-0001.jpg"])
        let notice = try #require(booth.notices.withLock { $0 }.first)
        #expect(notice.hasPrefix("the journal \(path) cannot be used (line "))
        #expect(notice.hasSuffix("; kept as \(path).damaged; numbering continues after \(booth.out.file("booth-0001.jpg")), and what "
            + "\(booth.out.file("booth-0001.jpg")) holds is read from its own mark: its photos are not used again, and it is not printed again by the booth"))
    }

    @Test func numberingSkipsAFileItDoesNotAccountFor() async throws {
        let booth = Booth()
        let (journal, start) = try booth.open()
        try FileManager.default.copyItem(atPath: Fixtures.path("kite.jpg"), toPath: booth.out.file("booth-0002.jpg"))
        #expect(start.nextBatch(1) == 3)
        #expect(journal.number(after: 2) == 3)
        #expect(booth.notices.withLock { $0 } == ["\(booth.out.file("booth-0002.jpg")) is not in the journal \(booth.out.file(".booth.jpg.journal")): it is kept, and its number skipped"])
    }
}
