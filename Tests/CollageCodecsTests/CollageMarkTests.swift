import CCollageCodecs
import CollageCodecs
import CollageCore
import CollageImaging
import CollageTestSupport
import Testing

/// The encoders write the unsigned mark; the writer signs it with the machine's key, with the
/// collage's record. Only a signed mark that fits the file's bytes says this tool wrote it: no
/// photo carries one, whatever its metadata, nor a file with a mark copied from another.
@Suite("The collage mark")
struct CollageMarkTests {
    let key = [UInt8](repeating: 7, count: 32)
    let record = CollageMark.Record(complete: false, photos: [(ContentHash(of: [1, 2, 3]), "IMG_0001.jpg"), (ContentHash(of: [4]), "caf\u{E9}.jpg")])

    func encoded(_ format: ImageFormat, seed: Int = 3) throws -> [UInt8] {
        try ImageEncoder.encode(TestImages.pattern(seed: seed, 64, 40), as: format, settings: EncodeSettings(dpi: 300))
    }

    /// The encoders (C) write the word the mark's reader (Swift, below the codecs) looks for.
    @Test func theEncodersPlaceholderIsTheWordTheMarkLooksFor() {
        #expect(CollageMark.placeholder == COLLAGE_MARK)
    }

    @Test("A signed mark verifies with its key alone, and the image still decodes", arguments: [ImageFormat.jpeg, .png])
    func signedMarksVerify(format: ImageFormat) throws {
        let plain = try encoded(format)
        #expect(CollageMark.isUnsigned(plain))
        let signed = try #require(CollageMark.signed(plain, record: record, key: key))
        #expect(CollageMark.record(in: signed, key: key) == record)
        #expect(CollageMark.record(in: signed, key: [UInt8](repeating: 8, count: 32)) == nil)
        #expect(try PhotoDecoder.decode(signed) { $0.displayedSize }.image?.size == PixelSize(width: 64, height: 40))
    }

    @Test("A booth's mark names its output: read back as written, and another booth's is another record", arguments: [ImageFormat.jpeg, .png])
    func theBoothIsPartOfTheRecord(format: ImageFormat) throws {
        var booth = record
        booth.booth = "5d41402abc4b2a76b9719d911017c592"
        let signed = try #require(CollageMark.signed(try encoded(format), record: booth, key: key))
        let read = try #require(CollageMark.record(in: signed, key: key))
        #expect(read == booth && read.booth == "5d41402abc4b2a76b9719d911017c592")
        #expect(read != record)
    }

    /// An open strip's record stays open, a complete one complete: a booth that lost its journal
    /// finishes the one and never prints the other again.
    @Test(arguments: [true, false])
    func aRecordTooLongForAJPEGCommentKeepsTheContentsAndDropsTheNames(complete: Bool) throws {
        let long = PathName(bytes: [UInt8](repeating: 0xE9, count: 250))
        let many = CollageMark.Record(complete: complete, booth: "5d41402abc4b2a76b9719d911017c592",
                                      photos: (0..<100).map { (ContentHash(of: [UInt8($0)]), long) })
        let signed = try #require(CollageMark.signed(try encoded(.jpeg), record: many, key: key))
        let read = try #require(CollageMark.record(in: signed, key: key))
        #expect(read.photos.map(\.content) == many.photos.map(\.content) && read.photos.allSatisfy { $0.name == "?" })
        #expect(read.booth == many.booth && read.complete == complete)
        // A PNG text chunk has room for the names.
        let png = try #require(CollageMark.signed(try encoded(.png), record: many, key: key))
        #expect(CollageMark.record(in: png, key: key) == many)
    }

    @Test("The unsigned word, a changed byte or a mark copied onto other bytes does not verify", arguments: [ImageFormat.jpeg, .png])
    func forgeriesDoNot(format: ImageFormat) throws {
        let plain = try encoded(format)
        #expect(CollageMark.record(in: plain, key: key) == nil)
        var signed = try #require(CollageMark.signed(plain, record: record, key: key))
        signed[signed.count - 10] ^= 1
        #expect(CollageMark.record(in: signed, key: key) == nil)
        // Another image's bytes with this one's tag in its mark.
        let mine = try #require(CollageMark.signed(plain, record: record, key: key))
        var forged = try #require(CollageMark.signed(try encoded(format, seed: 4), record: record, key: key))
        forged.replaceSubrange(tag(in: forged), with: mine[tag(in: mine)])
        #expect(CollageMark.record(in: forged, key: key) == nil)
    }

    /// Where the 64 hex digits after `mac ` are.
    func tag(in bytes: [UInt8]) -> Range<Int> {
        let marker = Array("\nmac ".utf8)
        let start = (0...(bytes.count - marker.count)).first { bytes[$0..<($0 + marker.count)].elementsEqual(marker) }! + marker.count
        return start..<(start + 64)
    }

    @Test("Photos carry no mark that verifies, whatever their metadata", arguments: [
        "autumn.jpg", "eveningglow-meta.jpg", "kite-palette.png", "bythewater-16bit.png", "cups-exif6.jpg", "truncated.jpg",
        "not-an-image.jpg", "empty.jpg",
    ])
    func photosDoNot(name: String) throws {
        #expect(CollageMark.record(in: try Fixtures.bytes(name), key: key) == nil)
    }
}
