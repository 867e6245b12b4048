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

    /// The loop under every thumbnail's pwrite and pread, on a real file through the real calls,
    /// each given a few bytes at most (as a signal or a network disk may leave them) and every
    /// third one interrupted (EINTR): each call goes on where the last ended, in memory as in the
    /// file, so the bytes come back in their places. A regular file never moves fewer bytes than
    /// asked, so nothing else shows a retry that starts at the wrong place.
    @Test(arguments: [1, 7, 64, 1000])
    func shortAndInterruptedTransfersGoOnWhereTheyEnded(most: Int) throws {
        let descriptor = folder.file("transfers").withCString { open($0, O_RDWR | O_CREAT | O_CLOEXEC, 0o600) }
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var calls = 0
        func short(_ call: @escaping (UnsafeMutableRawPointer, Int, off_t) -> Int) -> (UnsafeMutableRawPointer, Int, off_t) -> Int {
            { memory, count, offset in
                calls += 1
                guard calls % 3 != 0 else {
                    errno = EINTR
                    return -1
                }
                return call(memory, min(count, most), offset)
            }
        }
        var written = (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 131 ^ $0 >> 7) }
        let wrote = written.withUnsafeMutableBytes { bytes in
            ThumbnailFile.whole(bytes.baseAddress! + 1000, count: 3000, at: 500, ended: "nothing written", short { pwrite(descriptor, $0, $1, $2) })
        }
        try #require(wrote == nil)
        var read = [UInt8](repeating: 0, count: 3400)
        let failure = read.withUnsafeMutableBytes { bytes in
            ThumbnailFile.whole(bytes.baseAddress! + 200, count: 3000, at: 500, ended: "short", short { pread(descriptor, $0, $1, $2) })
        }
        #expect(failure == nil)
        let same = read[200..<3200].elementsEqual(written[1000..<4000]) && read[..<200].allSatisfy { $0 == 0 } && read[3200...].allSatisfy { $0 == 0 }
        #expect(same, "the bytes read back are not the bytes written, in their places (\(most) bytes a call)")
        // The file holds them at 500, nothing before.
        var file = [UInt8](repeating: 1, count: 3500)
        #expect(pread(descriptor, &file, 3500, 0) == 3500)
        #expect(file[..<500].allSatisfy { $0 == 0 } && file[500...].elementsEqual(written[1000..<4000]))
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
