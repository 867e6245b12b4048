import CollageEvents
import CollageCodecs
import CollageCore
import CollageImaging
import CollageTestSupport
import Foundation
import Testing
@testable import CollageWriting
import CollageSaving

@Suite("The writer: a lazy Single that writes atomically")
struct CollageWriterTests {
    let image = TestImages.quadrants(120, 80)

    @Test func savesJPEGAndReportsWhatItWrote() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("out.jpg")
        let saved = try await CollageWriter().save(image, to: path).value
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(saved == SavedCollage(destination: .file(PathName(path)), format: .jpeg, size: image.size, bytes: bytes.count,
                                      content: ContentHash(of: bytes)))
        #expect(try PhotoDecoder.header(of: bytes).format == .jpeg)
        #expect(folder.contents == ["out.jpg"])
    }

    @Test func pngIsLossless() async throws {
        let folder = try TemporaryDirectory()
        _ = try await CollageWriter().save(image, to: folder.file("OUT.PNG")).value
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.file("OUT.PNG"))))
        #expect(try PhotoDecoder.decode(bytes) { $0.displayedSize }.image == image)
    }

    @Test func theSettingsReachTheFile() async throws {
        let folder = try TemporaryDirectory()
        let writer = CollageWriter(settings: EncodeSettings(quality: 80, dpi: 300, png: PNGCompression.preset(9)!))
        _ = try await writer.save(image, to: folder.file("out.jpg")).value
        _ = try await writer.save(image, to: folder.file("out.png")).value
        let jpeg = try #require(JFIFHeader([UInt8](Data(contentsOf: URL(fileURLWithPath: folder.file("out.jpg"))))))
        #expect(jpeg.unit == 1 && jpeg.xDensity == 300 && jpeg.yDensity == 300)
        let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.file("out.png"))))
        #expect(PNGChunks(png)?.first { $0.type == "pHYs" }?.data == [0, 0, 0x2E, 0x23, 0, 0, 0x2E, 0x23, 1])  // 11811 per metre
        #expect(try PhotoDecoder.decode(png) { $0.displayedSize }.image == image)
        // Quality 80 reaches the file: it is the public encoder's JPEG at 80, not at 90, with its mark signed.
        let written = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.file("out.jpg"))))
        let key = try #require(MarkKey.current)
        let signed = { (quality: Int) throws -> [UInt8]? in
            CollageMark.signed(try ImageEncoder.encode(image, as: .jpeg, settings: EncodeSettings(quality: quality, dpi: 300)), record: CollageMark.Record(), key: key)
        }
        #expect(written == (try signed(80)))
        #expect(written != (try signed(90)))
        #expect(CollageMark.record(in: written, key: key) == CollageMark.Record())
    }

    @Test func nothingRunsUntilTheSingleIsAwaited() async throws {
        // The folder does not exist when the Single is made: an eager writer would already have
        // failed; a lazy one writes once it is awaited, after the folder appears.
        let folder = try TemporaryDirectory()
        let single = CollageWriter().save(image, to: folder.file("later/out.jpg"))
        try FileManager.default.createDirectory(atPath: folder.file("later"), withIntermediateDirectories: false)
        _ = try await single.value
        #expect(FileManager.default.fileExists(atPath: folder.file("later/out.jpg")))
    }

    @Test func replacesAnExistingFile() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("out.png")
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        _ = try await CollageWriter().save(image, to: path).value
        #expect(try ImageFormat(signature: [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))) == .png)
        #expect(folder.contents == ["out.png"])
    }

    @Test func aFailedEncodeKeepsTheOldFile() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("out.jpg")
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        let tooWide = TestImages.solid(.white, 70_000, 1)  // beyond JPEG's 65500
        await #expect(throws: WriteError.self) { try await CollageWriter().save(tooWide, to: path).value }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
        #expect(folder.contents == ["out.jpg"])
    }

    @Test func aFailedRenameLeavesNoTemporaryFile() async throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.file("taken.jpg"), withIntermediateDirectories: false)
        await #expect(throws: WriteError.self) { try await CollageWriter().save(image, to: folder.file("taken.jpg")).value }
        #expect(folder.contents == ["taken.jpg"])
    }

    @Test func aMissingFolderIsAOneLineError() async throws {
        await #expect {
            try await CollageWriter().save(image, to: "/nonexistent-folder/out.jpg").value
        } throws: { error in
            let text = String(describing: error)
            return text.contains("/nonexistent-folder/out.jpg") && text.contains("No such file or directory") && !text.contains("\n")
        }
    }

    @Test func aCancelledSaveWritesNothing() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("out.jpg")
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await CollageWriter().save(image, to: path).value
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
        #expect(folder.contents == ["out.jpg"])
    }

    @Test func cancellationBeforeTheRenameKeepsTheOldFileAndNoTemporary() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("out.jpg")
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: CancellationError.self) {
            try AtomicFile.write(Array("new".utf8), to: PathName(path)) { throw CancellationError() }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
        #expect(folder.contents == ["out.jpg"])
    }

    @Test func newFilesGetOrdinaryPermissions() throws {
        let folder = try TemporaryDirectory()
        try AtomicFile.write(Array("x".utf8), to: PathName(folder.file("plain")))
        let mode = try FileManager.default.attributesOfItem(atPath: folder.file("plain"))[.posixPermissions] as? Int
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let umask = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") }.flatMap { Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8) })
        #expect(mode == 0o666 & ~umask)
    }
}

extension CollageWriter {
    /// The writer's Single for a file, in the format its extension names.
    func save(_ image: RGBImage, to path: String) -> Single<SavedCollage> {
        save(image, to: .file(PathName(path)), as: ImageFormat(forPath: path) ?? .jpeg)
    }
}
