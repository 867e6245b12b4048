import AsyncAlgorithms
import CollageCore
import CollageSources
import CollageTestSupport
import Foundation
import Testing
import CollageFiles
import CollageLocking

@Suite("The folder source, on a real folder with real inotify", .timeLimit(.minutes(1)))
struct FolderWatcherTests {
    /// A watcher running on a fresh folder, with its notices collected.
    final class Watching: Sendable {
        let folder: TemporaryDirectory
        let watcher: FolderWatcher
        let task: Task<Void, any Error>
        let log = SourceLog()

        init(prepare: (TemporaryDirectory) throws -> Void = { _ in }, isOwnOutput: @escaping @Sendable (PathName) -> Bool = { _ in false }) throws {
            folder = try TemporaryDirectory()
            try prepare(folder)
            watcher = try FolderWatcher(folder: PathName(folder.path), isOwnOutput: isOwnOutput, log: log.record)
            let watcher = watcher
            task = Task { try await watcher.run() }
        }

        /// A test that failed or hung before stopping the watcher does not leave it running.
        deinit { task.cancel() }

        func file(_ name: String) -> String { folder.file(name) }

        /// The changes, once the initial scan is over: a sentinel written now comes out either
        /// from the scan or from inotify, and either way the scan is done. Without this a test
        /// could pass through the scan instead of the event it means to test.
        func events() async throws -> FolderChanges.AsyncIterator {
            var files = watcher.changes.makeAsyncIterator()
            try Data("sentinel".utf8).write(to: URL(fileURLWithPath: file("0-sentinel.jpg")))
            guard await files.next() == .arrived(PhotoFile(file("0-sentinel.jpg"))) else { throw CancellationError() }
            return files
        }
    }

    func write(_ path: String, _ text: String = "photo bytes") throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// Each change's file name: as it is for an arrival, after a minus for a photo gone.
    func names(_ changes: [FolderChange?]) -> [String?] {
        changes.map { change in
            change.map { change in
                let name = PathParts(change.file.path).name.description
                return if case .gone = change { "-" + name } else { name }
            }
        }
    }

    @Test func existingFilesComeFirstOldestFirstThenByName() async throws {
        try await withDeadline {
            let now = Date()
            let watching = try Watching { folder in
                for (name, age) in [("c.jpg", 300.0), ("b.jpg", 100.0), ("a.jpg", 100.0), ("d.jpg", 200.0)] {
                    try write(folder.file(name))
                    try FileManager.default.setAttributes([.modificationDate: now.addingTimeInterval(-age)], ofItemAtPath: folder.file(name))
                }
            }
            var files = watching.watcher.changes.makeAsyncIterator()
            var found: [FolderChange?] = []
            for _ in 0..<4 { found.append(await files.next()) }
            #expect(names(found) == ["c.jpg", "d.jpg", "a.jpg", "b.jpg"])
            watching.watcher.stop()
            try await watching.task.value
            #expect(await files.next() == nil)
        }
    }

    @Test func aFileIsTakenWhenClosedNeverWhileBeingWritten() async throws {
        try await withDeadline {
            let watching = try Watching()
            var files = try await watching.events()
            // Half of slow.jpg now (created in place, as a camera or cp would, no rename); a complete
            // file meanwhile; the rest of slow.jpg later.
            let descriptor = open(watching.file("slow.jpg"), O_WRONLY | O_CREAT | O_EXCL, 0o644)
            #expect(descriptor >= 0)
            let slow = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            try slow.write(contentsOf: Data(repeating: 1, count: 1000))
            try write(watching.file("quick.jpg"))
            #expect(names([await files.next()]) == ["quick.jpg"])
            try slow.write(contentsOf: Data(repeating: 2, count: 1000))
            try slow.close()
            #expect(names([await files.next()]) == ["slow.jpg"])
            #expect(try Data(contentsOf: URL(fileURLWithPath: watching.file("slow.jpg"))).count == 2000)
            watching.watcher.stop()
        }
    }

    @Test func aRenameIntoTheFolderIsTaken() async throws {
        try await withDeadline {
            let outside = try TemporaryDirectory()
            let watching = try Watching()
            var files = try await watching.events()
            try write(outside.file("moved.jpg"))
            try FileManager.default.moveItem(atPath: outside.file("moved.jpg"), toPath: watching.file("moved.jpg"))
            // The way careful writers save: a hidden temporary name, then a rename.
            try write(watching.file(".saving.tmp"))
            try FileManager.default.moveItem(atPath: watching.file(".saving.tmp"), toPath: watching.file("saved.jpg"))
            #expect(names([await files.next(), await files.next()]) == ["moved.jpg", "saved.jpg"])
            watching.watcher.stop()
        }
    }

    @Test func hiddenTemporaryAndOwnOutputNamesAreIgnored() async throws {
        try await withDeadline {
            let watching = try Watching(isOwnOutput: { $0 == "collage.jpg" })
            var files = try await watching.events()
            for name in [".hidden.jpg", "download.jpg.part", "edit.tmp", "backup.jpg~", "collage.jpg"] { try write(watching.file(name)) }
            try write(watching.file("real.jpg"))
            #expect(names([await files.next()]) == ["real.jpg"])
            watching.watcher.stop()
        }
    }

    @Test func directoriesAndSymlinkLoopsAreSkippedWithAMessageLinksToPhotosAreTaken() async throws {
        try await withDeadline {
            let outside = try TemporaryDirectory()
            try write(outside.file("target.jpg"))
            let watching = try Watching()
            var files = try await watching.events()
            try FileManager.default.createDirectory(atPath: watching.file("album"), withIntermediateDirectories: false)
            try FileManager.default.createSymbolicLink(atPath: watching.file("loop.jpg"), withDestinationPath: "loop.jpg")
            try FileManager.default.createSymbolicLink(atPath: watching.file("link.jpg"), withDestinationPath: outside.file("target.jpg"))
            #expect(names([await files.next()]) == ["link.jpg"])
            #expect(watching.log.lines == [
                "\(watching.file("album")): a directory, not a regular file",
                "\(watching.file("loop.jpg")): symbolic link loop",
            ])
            watching.watcher.stop()
        }
    }

    /// Both writes are closed before the reader takes the file: it is offered once, as it is now,
    /// and nothing of the first write is said to be gone (the reader never had it).
    @Test func aFileRewrittenBeforeItIsReadIsOfferedOnce() async throws {
        try await withDeadline {
            let watching = try Watching()
            var files = try await watching.events()
            try write(watching.file("a.jpg"))
            try write(watching.file("a.jpg"), "rewritten")
            try write(watching.file("b.jpg"))
            #expect(names([await files.next(), await files.next()]) == ["a.jpg", "b.jpg"])
            watching.watcher.stop()
        }
    }

    /// A retake: a photo offered that is deleted or renamed away is gone, once, in its place
    /// among the arrivals; names never offered (hidden, temporary, a directory) are not. A photo
    /// saved again under a removed name is a new arrival.
    @Test func aPhotoDeletedOrRenamedAwayIsGoneInOrder() async throws {
        let watching = try Watching()
        var files = try await watching.events()
        try write(watching.file("bad.jpg"))
        try write(watching.file("moved.jpg"))
        #expect(names([await files.next(), await files.next()]) == ["bad.jpg", "moved.jpg"])
        try FileManager.default.createDirectory(atPath: watching.file("album"), withIntermediateDirectories: false)
        try write(watching.file(".hidden.jpg"))
        try FileManager.default.removeItem(atPath: watching.file("bad.jpg"))
        try FileManager.default.moveItem(atPath: watching.file("moved.jpg"), toPath: watching.folder.path + "-elsewhere.jpg")
        defer { try? FileManager.default.removeItem(atPath: watching.folder.path + "-elsewhere.jpg") }
        try FileManager.default.removeItem(atPath: watching.file("album"))
        try FileManager.default.removeItem(atPath: watching.file(".hidden.jpg"))
        try write(watching.file("bad.jpg"), "the retake")
        #expect(names([await files.next(), await files.next(), await files.next()]) == ["-bad.jpg", "-moved.jpg", "bad.jpg"])
        watching.watcher.stop()
        try await watching.task.value
    }

    /// A retake renamed over a photo, or copied over it (truncated and written again, closed
    /// once), or deleted then saved again: the photo before it gone, then the retake arriving.
    @Test func aPhotoReplacedUnderItsNameIsGoneThenArrives() async throws {
        try await withDeadline {
            let watching = try Watching()
            var files = try await watching.events()
            try write(watching.file("shot.jpg"), "first")
            #expect(names([await files.next()]) == ["shot.jpg"])
            try write(watching.file(".retake"), "renamed over")
            #expect(rename(watching.file(".retake"), watching.file("shot.jpg")) == 0)
            #expect(names([await files.next(), await files.next()]) == ["-shot.jpg", "shot.jpg"])
            try write(watching.file("shot.jpg"), "copied over it, a longer retake")
            #expect(names([await files.next(), await files.next()]) == ["-shot.jpg", "shot.jpg"])
            #expect(unlink(watching.file("shot.jpg")) == 0)
            try write(watching.file("shot.jpg"), "saved again")
            #expect(names([await files.next(), await files.next()]) == ["-shot.jpg", "shot.jpg"])
            watching.watcher.stop()
        }
    }

    /// A copy still under way when the watch starts is not offered by the first listing (it would
    /// be read truncated), only once the copy closes it.
    @Test func aFileStillBeingWrittenWhenTheWatchStartsIsTakenOnceClosed() async throws {
        try await withDeadline {
            let copying = Locked<FileHandle?>(nil)
            let watching = try Watching { folder in
                _ = FileManager.default.createFile(atPath: folder.file("copying.jpg"), contents: nil)
                let handle = FileHandle(forWritingAtPath: folder.file("copying.jpg"))
                try handle?.write(contentsOf: Data("the first half".utf8))
                copying.withLock { $0 = handle }
            }
            let writer = try #require(copying.withLock { $0 })
            #expect(FolderScanner.isBeingWritten(PathName(watching.file("copying.jpg"))))
            // The sentinel comes first: the listing did not offer the half-written file before it.
            var files = try await watching.events()
            try writer.write(contentsOf: Data(", then the rest".utf8))
            try writer.close()
            #expect(names([await files.next()]) == ["copying.jpg"])
            #expect(!FolderScanner.isBeingWritten(PathName(watching.file("copying.jpg"))))
            #expect(watching.log.lines.isEmpty)
            watching.watcher.stop()
            try await watching.task.value
        }
    }

    @Test func theFolderGoingAwayEndsTheSourceWithAnError() async throws {
        try await withDeadline {
            let watching = try Watching()
            var files = watching.watcher.changes.makeAsyncIterator()
            try FileManager.default.removeItem(atPath: watching.folder.path)
            #expect(await files.next() == nil)
            await #expect(throws: WatchError.folderGone(path: PathName(watching.folder.path))) { try await watching.task.value }
        }
    }

    @Test func cancellingStopsTheWatcherEvenWithFilesNobodyReads() async throws {
        try await withDeadline {
            let watching = try Watching()
            try write(watching.file("unread.jpg"))  // the hand-over waits for a reader that never comes
            watching.task.cancel()
            try await watching.task.value  // returns instead of waiting forever
        }
    }

    @Test func aMissingFolderIsRefusedAtStart() {
        #expect(throws: WatchError.folderUnavailable(path: "/nonexistent-folder", reason: "No such file or directory")) {
            try FolderWatcher(folder: "/nonexistent-folder") { _ in }
        }
    }

    @Test func aFileIsNotAFolder() throws {
        let folder = try TemporaryDirectory()
        try write(folder.file("plain"))
        #expect(throws: WatchError.folderUnavailable(path: PathName(folder.file("plain")), reason: "not a folder")) {
            try FolderWatcher(folder: PathName(folder.file("plain"))) { _ in }
        }
    }
}
