import CollageCore
import CollageSources
import CollageTestSupport
import Foundation
import Testing
import CollageFiles

@Suite("Reading an input whole: what fstat said, and whatever the file grew or shrank to since")
struct InputFileTests {
    let folder = try! TemporaryDirectory()

    func write(_ bytes: [UInt8], to name: String) throws -> PathName {
        try Data(bytes).write(to: URL(fileURLWithPath: folder.file(name)))
        return PathName(folder.file(name))
    }

    func append(_ bytes: [UInt8], to path: PathName) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path.description))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(bytes))
    }

    static func pattern(_ count: Int, seed: Int = 0) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ seed) } }

    @Test(arguments: [0, 1, 4095, 4096, 4097, 100_000])
    func everyByteOfAFileAsLargeAsItSaid(count: Int) throws {
        let bytes = Self.pattern(count)
        #expect(try InputFile(try write(bytes, to: "a")).readAll() == bytes)
    }

    @Test(arguments: [1, 4096, 10_000])
    func aFileThatGrewAfterItWasOpenedIsReadToItsEnd(growth: Int) throws {
        let first = Self.pattern(5000), more = Self.pattern(growth, seed: 7)
        let path = try write(first, to: "a")
        let input = try InputFile(path)
        try append(more, to: path)
        #expect(try input.readAll() == first + more)
    }

    @Test func aFileThatGrewPastTheLimitIsRefused() throws {
        let path = try write(Self.pattern(1000), to: "a")
        let input = try InputFile(path, maximumBytes: 1500)
        try append(Self.pattern(501), to: path)
        #expect(throws: InputError.tooLarge(path, bytes: 1501, limit: 1500)) { try input.readAll() }
    }

    @Test func aFileThatGrewUpToTheLimitIsRead() throws {
        let path = try write(Self.pattern(1000), to: "a")
        let input = try InputFile(path, maximumBytes: 1500)
        try append(Self.pattern(500), to: path)
        #expect(try input.readAll().count == 1500)
    }

    @Test func aFileThatShrankGivesWhatIsThere() throws {
        let path = try write(Self.pattern(9000), to: "a")
        let input = try InputFile(path)
        #expect(truncate(path.description, 100) == 0)
        #expect(try input.readAll() == Self.pattern(100))
        #expect(try input.readPrefix(8) == Self.pattern(8))
    }
}
