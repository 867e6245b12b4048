import CollageCore
@testable import CollageFiles
import CollageTestSupport
import Foundation
import Glibc
import Testing

@Suite("Thumbnails in a nameless file: read back exactly, nothing left in the folder")
struct ThumbnailFileTests {
    let folder = try! TemporaryDirectory()

    static func thumbnail(seed: Int) -> Thumbnail {
        Thumbnail(luma: (0..<Thumbnail.byteCount).map { UInt8(truncatingIfNeeded: ($0 &* 131) ^ (seed &* 7919) ^ ($0 >> 5)) })
    }

    @Test func everyThumbnailIsReadBackAsWrittenInAnyOrderAndTheFolderStaysEmpty() throws {
        var notices: [String] = []
        let file = try #require(ThumbnailFile(inFirstOf: [PathName(folder.path)]) { notices.append($0) })
        let written = (0..<300).map(Self.thumbnail(seed:))
        for thumbnail in written { file.append(thumbnail) }
        #expect(folder.contents.isEmpty)
        for entry in [299, 0, 150, 1, 298, 77] {
            let same = file.thumbnail(entry) == written[entry]
            #expect(same, "entry \(entry) is not the thumbnail written")
        }
        #expect(file.thumbnail(300) == nil)
        #expect(notices.isEmpty)
    }

    @Test func theFirstFolderThatCanHoldOneIsUsedAndNoneGivesNil() throws {
        let missing = PathName(folder.file("missing"))
        #expect(ThumbnailFile(inFirstOf: [missing]) { _ in } == nil)
        let file = try #require(ThumbnailFile(inFirstOf: [missing, PathName(folder.path)]) { _ in })
        file.append(Self.thumbnail(seed: 1))
        #expect(file.thumbnail(0) == Self.thumbnail(seed: 1))
        // Beside an output whose folder is not there yet: $TMPDIR or /tmp.
        #expect(ThumbnailFile(beside: PathName(folder.file("missing/album.jpg"))) { _ in } != nil)
        #expect(folder.contents.isEmpty)
    }

    /// A full disk, for real: /dev/full refuses every write with ENOSPC. The first thumbnail
    /// and every later one stay in memory, each read back exactly, with one notice.
    @Test func aFullDiskKeepsTheThumbnailsInMemoryWithOneNotice() throws {
        var notices: [String] = []
        let descriptor = open("/dev/full", O_RDWR | O_CLOEXEC)
        try #require(descriptor >= 0)
        let file = ThumbnailFile(descriptor: descriptor, folder: "/dev") { notices.append($0) }
        let written = (0..<5).map(Self.thumbnail(seed:))
        for thumbnail in written { file.append(thumbnail) }
        for entry in 0..<5 {
            let same = file.thumbnail(entry) == written[entry]
            #expect(same, "entry \(entry) is not the thumbnail written")
        }
        #expect(notices.count == 1 && notices[0].contains("No space left on device") && notices[0].contains("keeping them in memory"), "\(notices)")
    }

    /// A file that takes writes but gives nothing back (open write-only): each thumbnail asked
    /// for is missing, never another one's bytes, and the notice comes once.
    @Test func aThumbnailThatCannotBeReadBackIsMissingWithOneNotice() throws {
        var notices: [String] = []
        let descriptor = folder.file("thumbnails").withCString { open($0, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600) }
        try #require(descriptor >= 0)
        let file = ThumbnailFile(descriptor: descriptor, folder: PathName(folder.path)) { notices.append($0) }
        for seed in 0..<3 { file.append(Self.thumbnail(seed: seed)) }
        #expect(file.thumbnail(1) == nil && file.thumbnail(2) == nil)
        #expect(notices.count == 1 && notices[0].contains("a photo may be taken twice"), "\(notices)")
    }
}
