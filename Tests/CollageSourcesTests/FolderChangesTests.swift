import CollageCore
import CollageFiles
@testable import CollageSources
import CollageTestSupport
import Foundation
import Testing

/// The changes the reader has not taken yet, in each order the watcher may find them and the
/// reader take them: what inotify's timing leaves to chance in `FolderWatcherTests`, fixed here.
@Suite("The folder's changes, pulled: coalesced until taken", .timeLimit(.minutes(1)))
struct FolderChangesTests {
    let folder = try! TemporaryDirectory()

    func write(_ name: String, _ text: String) throws -> PhotoFile {
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder.file(name)))
        return PhotoFile(folder.file(name))
    }

    func take(_ changes: FolderChanges, _ count: Int) async -> [String] {
        var taken: [String] = []
        for _ in 0..<count {
            guard let change = await changes.next() else { break }
            let name = PathParts(change.file.path).name.description
            let said = if case .gone = change { "-" + name } else { name }
            taken.append(said)
        }
        return taken
    }

    @Test func aPhotoRewrittenBeforeItWasTakenIsHandedOnOnceAsItIsNow() async throws {
        let changes = FolderChanges()
        let a = try write("a.jpg", "first")
        changes.add(.arrived(a))
        _ = try write("a.jpg", "rewritten")
        changes.add(.gone(a))
        changes.add(.arrived(a))
        changes.add(.arrived(try write("b.jpg", "b")))
        changes.finish()
        #expect(await take(changes, 3) == ["a.jpg", "b.jpg"])
    }

    @Test func aPhotoGoneBeforeItWasTakenIsNeverMentioned() async throws {
        let changes = FolderChanges()
        let a = try write("a.jpg", "first")
        changes.add(.arrived(a))
        try FileManager.default.removeItem(atPath: a.path.description)
        changes.add(.gone(a))
        changes.finish()
        #expect(await take(changes, 1) == [])
    }

    /// Taken, then a change that leaves that very file in place (a rewrite found after the
    /// reader took the file as rewritten): nothing.
    @Test func aChangeThatLeavesTheFileTakenInPlaceIsNotHandedOn() async throws {
        let changes = FolderChanges()
        let a = try write("a.jpg", "as taken")
        changes.add(.arrived(a))
        #expect(await take(changes, 1) == ["a.jpg"])
        changes.add(.gone(a))
        changes.add(.arrived(a))
        changes.finish()
        #expect(await take(changes, 2) == [])
    }

    /// Taken, then replaced under its name: gone, then arrived.
    @Test func aPhotoReplacedAfterItWasTakenIsGoneThenArrives() async throws {
        let changes = FolderChanges()
        let a = try write("a.jpg", "as taken")
        changes.add(.arrived(a))
        #expect(await take(changes, 1) == ["a.jpg"])
        _ = try write("a.jpg", "a retake, copied over it")
        changes.add(.gone(a))
        changes.add(.arrived(a))
        changes.finish()
        #expect(await take(changes, 3) == ["-a.jpg", "a.jpg"])
    }

    @Test func aReaderWaitingGetsTheChangeFoundAndTakenWaitsForItsReader() async throws {
        let changes = FolderChanges()
        let reader = Task { await take(changes, 1) }
        try await Task.sleep(for: .milliseconds(20))
        changes.add(.arrived(try write("a.jpg", "a")))
        #expect(await reader.value == ["a.jpg"])
        changes.add(.arrived(try write("b.jpg", "b")))
        let drained = Task { await changes.taken() }
        #expect(await take(changes, 1) == ["b.jpg"])
        await drained.value
        changes.finish()
        #expect(await changes.next() == nil)
    }
}
