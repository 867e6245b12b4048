import CollageCore
import CollageFiles
import CollageWriting
import Foundation
import Testing

/// The copy a print command is given: the bytes checked, alone in a folder only the booth can
/// reach, and gone, folder and all, once removed; never made from bytes that are not the ones saved.
@Suite("The print command's private copy")
struct PrintCopyTests {
    let bytes = Array("a collage's bytes".utf8)

    @Test func theCopyHoldsTheBytesInAPrivateFolderUntilRemoved() throws {
        let copy = try PrintCopy(of: bytes, saved: ContentHash(of: bytes), named: "booth-0007.jpg")
        let folder = URL(fileURLWithPath: "\(copy.path)").deletingLastPathComponent().path
        #expect("\(copy.path)".hasSuffix("/booth-0007.jpg") && URL(fileURLWithPath: folder).lastPathComponent.hasPrefix("collage-print."))
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(copy.path)"))) == bytes)
        #expect(try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int == 0o700)
        #expect(try FileManager.default.attributesOfItem(atPath: "\(copy.path)")[.posixPermissions] as? Int == 0o600)
        copy.remove()
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test func bytesThatAreNotTheOnesSavedAreRefusedAndLeaveNothing() throws {
        let error = #expect(throws: FileError.self) {
            try PrintCopy(of: bytes, saved: ContentHash(of: Array("another picture".utf8)), named: "booth-0008.jpg")
        }
        #expect(error?.reason == "it does not read back as the bytes saved")
        let parent = URL(fileURLWithPath: error?.path.description ?? "/").deletingLastPathComponent()
        #expect(!FileManager.default.fileExists(atPath: parent.path), "its folder \(parent.path) was left behind")
    }

    /// A copy left by a booth killed while it printed goes at the next start; one of a booth still
    /// running (this process) stays.
    @Test func copiesOfBoothsNoLongerRunningAreRemoved() throws {
        let mine = try PrintCopy(of: bytes, saved: ContentHash(of: bytes), named: "booth-0009.jpg")
        defer { mine.remove() }
        let parent = URL(fileURLWithPath: "\(mine.path)").deletingLastPathComponent().deletingLastPathComponent()
        // A process that has ended: its id names no process now.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let stale = parent.appendingPathComponent("collage-print.\(ended.processIdentifier).AbCdEf")
        try FileManager.default.createDirectory(at: stale, withIntermediateDirectories: false)
        try Data(bytes).write(to: stale.appendingPathComponent("booth-0001.jpg"))
        PrintCopy.removeStale()
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(FileManager.default.fileExists(atPath: "\(mine.path)"))
    }
}
