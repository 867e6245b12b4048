import CollageCore
import CollageSources
import CollageTestSupport
import Testing

@Suite("A folder that cannot be listed is reported, never taken for an empty one")
struct FolderListingFailureTests {
    @Test func theScanSaysWhichFolderAndWhy() throws {
        let folder = try TemporaryDirectory()
        let gone = PathName(folder.file("gone"))
        var scanner = FolderScanner(folder: gone)
        var events: [SourceEvent] = []
        #expect(scanner.scan(log: { events.append($0) }).isEmpty)
        #expect(events == [.notice("cannot list \(gone): No such file or directory; photos in it not taken yet may be missed")])
    }
}
