import CollageCore
import CollageFiles
import CollageTestSupport
import Foundation
import Glibc
import Testing

/// The one file identity the folder source, the server and the output checks compare: which
/// file (device, inode) and whether it changed (size, modification time), on real files.
@Suite("FileIdentity: which file a name or descriptor is, and whether it changed")
struct FileIdentityTests {
    let folder = try! TemporaryDirectory()

    func write(_ text: String, to name: String) throws -> PathName {
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder.file(name)))
        return PathName(folder.file(name))
    }

    @Test func aNameAndTheDescriptorOpenOnItAreOneIdentityOfARegularFileOfItsSize() throws {
        let path = try write("12345", to: "a.jpg")
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let named = try #require(FileIdentity.of(path)), opened = try #require(FileIdentity.of(descriptor: descriptor))
        #expect(named == opened)
        #expect(named.size == 5 && named.isRegularFile)
        #expect(named.modified > 1_600_000_000 * 1_000_000_000)
    }

    @Test func aFileWrittenFurtherIsTheSameFileButAnotherIdentity() throws {
        let path = try write("12345", to: "a.jpg")
        let before = try #require(FileIdentity.of(path))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path.description))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("678".utf8))
        try handle.close()
        let after = try #require(FileIdentity.of(path))
        #expect(after != before)
        #expect(after.key == before.key)
        #expect(after.size == 8)
    }

    @Test func aRenameOverTheNameIsAnotherFile() throws {
        let path = try write("12345", to: "a.jpg")
        let before = try #require(FileIdentity.of(path))
        let other = try write("54321", to: "b.jpg")
        try #require(rename(other.description, path.description) == 0)
        let after = try #require(FileIdentity.of(path))
        #expect(after.key != before.key)
        #expect(!FileIdentity.exists(other))
    }

    @Test func aHardLinkAndAnotherSpellingAreTheSameFile() throws {
        let path = try write("12345", to: "a.jpg")
        try #require(link(path.description, folder.file("b.jpg")) == 0)
        #expect(FileIdentity.same(path, PathName(folder.file("./b.jpg"))))
        #expect(FileIdentity.key(of: path) == FileIdentity.key(of: PathName(folder.file("b.jpg"))))
        #expect(!FileIdentity.same(path, PathName(folder.file("missing.jpg"))))
    }

    @Test func aBrokenLinkExistsAsTheLinkItselfAndAFolderIsNoRegularFile() throws {
        try #require(symlink(folder.file("nowhere.jpg"), folder.file("broken.jpg")) == 0)
        let broken = PathName(folder.file("broken.jpg"))
        #expect(FileIdentity.exists(broken))
        #expect(FileIdentity.key(of: broken) == nil)
        #expect(FileIdentity.of(broken)?.isRegularFile == false)
        #expect(FileIdentity.of(PathName(folder.path))?.isRegularFile == false)
        #expect(FileIdentity.of(PathName(folder.file("nowhere.jpg"))) == nil)
    }
}
