import CollageCore
import CollageFiles
import CollageTestSupport
import Foundation
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
}
