import CollageCore
@testable import CollageSources
import CollageTestSupport
import Foundation
import Testing
import CollageFiles
#if canImport(Glibc)
import Glibc
#endif

@Suite("Which names in a folder are photos to offer, each photo once")
struct FolderScannerTests {
    func write(_ path: String) throws { try Data("x".utf8).write(to: URL(fileURLWithPath: path)) }

    @Test func aRescanOffersOnlyWhatIsNew() throws {
        let folder = try TemporaryDirectory()
        try write(folder.file("a.jpg"))
        var scanner = FolderScanner(folder: PathName(folder.path))
        #expect(scanner.scan(log: { _ in }) == [.arrived(PhotoFile(folder.file("a.jpg")))])
        try write(folder.file("b.jpg"))
        // After an inotify overflow: everything is listed again, a.jpg is not offered twice.
        #expect(scanner.scan(log: { _ in }) == [.arrived(PhotoFile(folder.file("b.jpg")))])
        #expect(scanner.scan(log: { _ in }).isEmpty)
        #expect(scanner.consider("a.jpg", log: { _ in }).isEmpty)
    }

    /// The photo offered before is gone first, then the new one arrives.
    @Test func aNameThatHoldsAnotherFileOrChangedIsOfferedAgain() throws {
        let folder = try TemporaryDirectory(), name = folder.file("IMG_0001.jpg")
        let replaced: [FolderChange] = [.gone(PhotoFile(name)), .arrived(PhotoFile(name))]
        try write(name)
        var scanner = FolderScanner(folder: PathName(folder.path))
        #expect(scanner.consider("IMG_0001.jpg", log: { _ in }) == [.arrived(PhotoFile(name))])
        #expect(scanner.consider("IMG_0001.jpg", log: { _ in }).isEmpty)  // a close without a change
        // Written further (a copy in pieces): another size.
        let handle = try #require(FileHandle(forWritingAtPath: name))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("y".utf8))
        try handle.close()
        #expect(scanner.consider("IMG_0001.jpg", log: { _ in }) == replaced)
        // Renamed over by another file: another inode.
        try write(folder.file(".incoming"))
        #expect(rename(folder.file(".incoming"), name) == 0)
        #expect(scanner.consider("IMG_0001.jpg", log: { _ in }) == replaced)
        #expect(scanner.scan(log: { _ in }).isEmpty)
        // Replaced by a folder: the photo is gone, and nothing arrives.
        #expect(unlink(name) == 0 && mkdir(name, 0o755) == 0)
        #expect(scanner.consider("IMG_0001.jpg", log: { _ in }) == [.gone(PhotoFile(name))])
        #expect(scanner.removed("IMG_0001.jpg") == nil)
    }

    @Test func aNameGoneBeforeItIsReadIsReportedNotOffered() throws {
        let folder = try TemporaryDirectory()
        var scanner = FolderScanner(folder: PathName(folder.path))
        var lines: [String] = []
        #expect(scanner.consider("vanished.jpg", log: { event in
            if case .skipped(let file, let reason) = event { lines.append("\(file): \(reason)") }
        }).isEmpty)
        #expect(lines == ["\(folder.file("vanished.jpg")): deleted before it could be read"])
        // Not marked as seen: a photo saved later under that name is still taken.
        try write(folder.file("vanished.jpg"))
        #expect(scanner.consider("vanished.jpg", log: { _ in }) == [.arrived(PhotoFile(folder.file("vanished.jpg")))])
        #expect(scanner.removed("vanished.jpg") == .gone(PhotoFile(folder.file("vanished.jpg"))))
        #expect(scanner.removed("vanished.jpg") == nil)
    }

    @Test(arguments: [".hidden.jpg", "x.jpg.part", "y.tmp", "z.jpg~"])
    func hiddenAndTemporaryNames(name: String) {
        #expect(DirectoryListing.isHiddenOrTemporary(PathName(name)))
    }

    @Test(arguments: ["photo.jpg", "part.jpg", "tmp.png", "a~b.jpg"])
    func ordinaryNames(name: String) {
        #expect(!DirectoryListing.isHiddenOrTemporary(PathName(name)))
    }
}
