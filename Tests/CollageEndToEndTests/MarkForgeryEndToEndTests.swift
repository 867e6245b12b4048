import CollageCore
import CollageCodecs
import CollageTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A file the tool did not write is never replaced, whatever its metadata says: a guest's JPEG
/// with the comment `collage`, or with a mark copied from a real collage, in the folder being
/// read is refused as any photo is; the tool's own collages there are still replaced. Through the
/// real executable, with the machine's key in a folder of the test's own (`COLLAGE_STATE_DIR`).
@Suite("the collage mark cannot be forged, end to end", .timeLimit(.minutes(2)))
struct MarkForgeryEndToEndTests {
    let root = try! TemporaryDirectory()
    var state: String { root.file("state") }

    /// root/trip with two photos and `guest.jpg` (`guest`'s bytes).
    func trip(guest: [UInt8]) throws {
        try FileManager.default.createDirectory(atPath: root.file("trip"), withIntermediateDirectories: false)
        for name in ["autumn.jpg", "kite.jpg"] { try Fixtures.copy(name, to: root.file("trip/\(name)")) }
        try Data(guest).write(to: URL(fileURLWithPath: root.file("trip/guest.jpg")))
    }

    func build(_ arguments: String) async throws -> Shell.Outcome {
        try await Shell.run("COLLAGE_STATE_DIR=\(Shell.quote(state)) collage build \(arguments) --size 300x200", in: root.path)
    }

    /// A JPEG with the comment `collage`, as `exiftool -Comment=collage` leaves one: here libjpeg
    /// through the tool's encoder, which writes that comment before the writer signs it.
    func guestPhoto() throws -> [UInt8] {
        let bytes = try ImageEncoder.encode(TestImages.pattern(seed: 11, 160, 100), as: .jpeg)
        #expect(comments(bytes).map { $0.segment.dropFirst(4) } == [Array("collage".utf8)[...]])
        return bytes
    }

    /// The JPEG comment segments before the first scan, whole, with where each starts.
    func comments(_ bytes: [UInt8]) -> [(offset: Int, segment: ArraySlice<UInt8>)] {
        var found: [(Int, ArraySlice<UInt8>)] = [], offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF, bytes[offset + 1] != 0xDA {
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            if bytes[offset + 1] == 0xFE { found.append((offset, bytes[offset..<(offset + 2 + length)])) }
            offset += 2 + length
        }
        return found
    }

    func expectRefused(_ result: Shell.Outcome, guest: [UInt8]) throws {
        #expect(result.status == 64)
        #expect(result.stderrLines == ["collage: the output trip/guest.jpg is a file in a folder being read, and not a collage this tool wrote; choose another name"])
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: root.file("trip/guest.jpg")))) == guest)
    }

    @Test func aGuestsJPEGWithTheCommentCollageIsNotReplaced() async throws {
        let guest = try guestPhoto()
        try trip(guest: guest)
        try expectRefused(try await build("trip -o trip/guest.jpg"), guest: guest)
    }

    @Test func aMarkCopiedFromARealCollageOntoAPhotoIsNotReplaced() async throws {
        let made = try await build("\(Fixtures.path("path.jpg")) -o real.jpg")
        #expect(made.status == 0, "\(made.stderr)")
        let real = [UInt8](try Data(contentsOf: URL(fileURLWithPath: root.file("real.jpg"))))
        let mark = try #require(comments(real).first { $0.segment.dropFirst(4).starts(with: "collage\n".utf8) })
        var guest = try guestPhoto()
        let plain = try #require(comments(guest).first)
        guest.replaceSubrange(plain.offset..<(plain.offset + plain.segment.count), with: mark.segment)
        try trip(guest: guest)
        try expectRefused(try await build("trip -o trip/guest.jpg"), guest: guest)
    }

    @Test func itsOwnCollageInTheFolderIsReplacedAndTheKeyIsPrivate() async throws {
        try trip(guest: try guestPhoto())
        for _ in 1...2 {
            let result = try await build("trip -o trip/collage.jpg")
            #expect(result.status == 0, "\(result.stderr)")
        }
        var info = stat()
        #expect(lstat(root.file("state/key"), &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600 && info.st_size == 32)
        // Another machine's key does not vouch for it.
        let elsewhere = try await Shell.run("COLLAGE_STATE_DIR=\(Shell.quote(root.file("elsewhere"))) collage build trip -o trip/collage.jpg --size 300x200",
                                            in: root.path)
        #expect(elsewhere.status == 64)
    }
}
