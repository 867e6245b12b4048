import CollageCore
import CollageTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Inputs that are not ordinary files with ordinary names, through the real executable: each is
/// refused with one line naming it (never a hang, never a read of something endless), or found
/// under its exact bytes.
@Suite("Unusual inputs, end to end through the real executable", .timeLimit(.minutes(2)))
struct UnusualInputEndToEndTests {
    let folder = try! TemporaryDirectory()

    /// `build autumn.jpg <input>`: the photo is used, the input refused with `reason`.
    func buildRefuses(_ input: String, reason: String, flags: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let output = folder.file("out.jpg")
        let result = try await CollageCommand.run(["build", Fixtures.path("autumn.jpg"), input, "-o", output, "--size", "300x200"] + flags)
        #expect(result.status == 0, sourceLocation: sourceLocation)
        #expect(result.stderrLines == ["collage: \(input): \(reason)"], sourceLocation: sourceLocation)
        #expect(result.stdout == output + "\n", sourceLocation: sourceLocation)
    }

    @Test func aNamedPipeIsRefusedWithoutWaitingForAWriter() async throws {
        try SpecialFiles.fifo(folder.file("pipe.jpg"))
        try await buildRefuses(folder.file("pipe.jpg"), reason: "a named pipe (FIFO), not a regular file")
    }

    @Test func aSocketIsRefused() async throws {
        let socket = try SpecialFiles.socket(folder.file("photo.sock"))
        defer { close(socket) }
        try await buildRefuses(folder.file("photo.sock"), reason: "a socket, not a regular file")
    }

    @Test func devZeroIsRefusedNotReadForEver() async throws {
        try await buildRefuses("/dev/zero", reason: "a character device, not a regular file")
    }

    @Test func aFileFarLargerThanAnyPhotoIsRefusedFromItsSize() async throws {
        try SpecialFiles.sparse(folder.file("huge.jpg"), size: 300 << 20)
        try await buildRefuses(folder.file("huge.jpg"), reason: "300 MiB, over the file size limit of 256 MiB (raise it with --max-file-size)")
        try await buildRefuses(Fixtures.path("eveningglow.jpg"), reason: "19 KiB, over the file size limit of 16 KiB (raise it with --max-file-size)",
                               flags: ["--max-file-size", "16K"])
    }

    @Test func aFolderListsItsSpecialFilesAsRefusedInTheirPlace() async throws {
        let photos = folder.file("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: Fixtures.path("autumn.jpg"), toPath: photos + "/a.jpg")
        try SpecialFiles.fifo(photos + "/b.jpg")
        let result = try await CollageCommand.run(["build", photos, "-o", folder.file("out.jpg"), "--size", "300x200"])
        #expect(result.status == 0)
        #expect(result.stderrLines == ["collage: \(photos)/b.jpg: a named pipe (FIFO), not a regular file"])
    }

    @Test func inspectRefusesTheSameWithoutHanging() async throws {
        try SpecialFiles.fifo(folder.file("pipe.jpg"))
        let result = try await CollageCommand.run(["inspect", "--json", folder.file("pipe.jpg"), "/dev/zero"])
        let lines = result.stdout.split(separator: "\n").map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect(lines.map { $0["reason"] as? String } == ["not-a-file", "not-a-file"])
        #expect(lines.map { $0["detail"] as? String } == ["a named pipe (FIFO), not a regular file", "a character device, not a regular file"])
    }

    // MARK: names that are not UTF-8, or hold a newline

    var latin1: [UInt8] { Array(folder.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".jpg".utf8) }
    var latin1Portrait: [UInt8] { Array(folder.path.utf8) + [UInt8(ascii: "/"), 0xE9, UInt8(ascii: "t"), 0xE9] + Array(".jpg".utf8) }

    @Test func aLatin1NameGivenAsAnArgumentIsFoundAndShownEscaped() async throws {
        try SpecialFiles.write(try Fixtures.bytes("autumn.jpg"), to: latin1)
        try SpecialFiles.write(try Fixtures.bytes("portrait.jpg"), to: latin1Portrait)
        let output = folder.file("out.jpg")
        let result = try await RawCommand.run([Array("build".utf8), latin1, latin1Portrait, Array("-o".utf8), Array(output.utf8), Array("--size=300x200".utf8)])
        #expect(result.status == 0)
        #expect(result.stderrLines == ["collage: \(folder.path)/\\xE9t\\xE9.jpg: portrait (180x320 as displayed), only landscape photos are used (keep them with --accept any)"])
        try CollageChecks.expectTiles(of: output, show: [Fixtures.path("autumn.jpg")])
    }

    @Test func aLatin1NameInAFolderKeepsItsBytesInJSON() async throws {
        try SpecialFiles.write(try Fixtures.bytes("autumn.jpg"), to: latin1)
        let result = try await RawCommand.run([Array("build".utf8), Array(folder.path.utf8), Array("--json".utf8),
                                               Array("-o".utf8), Array(folder.file("out.jpg").utf8), Array("--size=300x200".utf8)])
        #expect(result.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        let input = try #require((document["inputs"] as? [[String: Any]])?.first)
        #expect(input["path"] as? String == "\(folder.path)/caf\\xE9.jpg")
        #expect(input["pathBytes"] as? String == Data(latin1).base64EncodedString())
        #expect(input["status"] as? String == "used")
    }

    @Test func aNameWithANewlineComesThroughAListSeparatedByNUL() async throws {
        let landscape = folder.file("two\nlines.jpg"), portrait = folder.file("portrait\n.jpg")
        try FileManager.default.copyItem(atPath: Fixtures.path("autumn.jpg"), toPath: landscape)
        try FileManager.default.copyItem(atPath: Fixtures.path("portrait.jpg"), toPath: portrait)
        let output = folder.file("out.jpg")
        let list = Array(landscape.utf8) + [0] + Array(portrait.utf8) + [0]
        let result = try await RawCommand.run(["build", "-", "-0", "-o", output, "--size=300x200"].map { Array($0.utf8) }, standardInput: list)
        #expect(result.status == 0)
        #expect(result.stderrLines == ["collage: \(folder.path)/portrait\\n.jpg: portrait (180x320 as displayed), only landscape photos are used (keep them with --accept any)"])
        try CollageChecks.expectTiles(of: output, show: [landscape])
    }
}
