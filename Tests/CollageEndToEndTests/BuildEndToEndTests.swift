import CollageCodecs
import CollageCore
import CollageImaging
import CollageTestSupport
import Foundation
import Testing

@Suite("collage build, end to end through the real executable", .timeLimit(.minutes(3)))
struct BuildEndToEndTests {
    @Test func sixPhotosMakeAThreeByTwoCollageAndEveryOtherIsReported() async throws {
        let folder = try TemporaryDirectory()
        let output = folder.file("collage.jpg")
        let names = ["autumn.jpg", "portrait.jpg", "bythewater.jpg", "kite.jpg", "kite-copy.jpg", "truncated.jpg",
                     "coldripple.jpg", "portrait-exif6.jpg", "cups-exif6.jpg", "kite-resized-q60.jpg",
                     "eveningglow.jpg", "fallenleaf.jpg", "not-an-image.jpg"]
        let result = try await CollageCommand.run(["build"] + names.map(Fixtures.path) + ["-o", output, "--size", "600x400"])
        #expect(result.status == 0)
        #expect(result.stdout == output + "\n")
        let f = Fixtures.path
        #expect(result.stderrLines == [
            "collage: \(f("portrait.jpg")): portrait (180x320 as displayed), only landscape photos are used (keep them with --accept any)",
            "collage: \(f("kite-copy.jpg")): duplicate of \(f("kite.jpg"))",
            "collage: \(f("truncated.jpg")): truncated JPEG file (premature end of data)",
            "collage: \(f("portrait-exif6.jpg")): portrait (180x320 as displayed), only landscape photos are used (keep them with --accept any)",
            "collage: \(f("kite-resized-q60.jpg")): duplicate of \(f("kite.jpg"))",
            "collage: \(f("fallenleaf.jpg")): over the limit of 6 photos (raise it with --limit)",
            "collage: \(f("not-an-image.jpg")): over the limit of 6 photos (raise it with --limit)",
        ])

        #expect(try CollageChecks.decode(output).size == PixelSize(width: 600, height: 400))
        let used = ["autumn.jpg", "bythewater.jpg", "kite.jpg", "coldripple.jpg", "cups-exif6.jpg", "eveningglow.jpg"]
        try CollageChecks.expectTiles(of: output, show: used.map(Fixtures.path))
        #expect(folder.contents == ["collage.jpg"])
    }

    @Test func aPhotoBoothBurstIsSixPhotosNotOne() async throws {
        let folder = try TemporaryDirectory()
        let output = folder.file("booth.jpg")
        let burst = (1...6).map { Fixtures.path("booth-\($0).jpg") }
        let result = try await CollageCommand.run(["build"] + burst + ["-o", output, "--size", "600x400"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        try CollageChecks.expectTiles(of: output, show: burst)
    }

    @Test func everyCopyIsNamedADuplicateOfItsOriginal() async throws {
        let folder = try TemporaryDirectory()
        let output = folder.file("collage.jpg")
        let copies = ["eveningglow-copy.jpg", "eveningglow-q30.jpg", "eveningglow-quarter.jpg", "eveningglow-converted.png",
                      "eveningglow-from-png.jpg", "eveningglow-exif6.jpg", "eveningglow-jpegtran.jpg", "eveningglow-meta.jpg"]
        let names = ["eveningglow.jpg"] + copies + ["booth-1.jpg", "booth-1-q30.jpg", "booth-1-quarter.jpg"]
        let result = try await CollageCommand.run(["build"] + names.map(Fixtures.path) + ["-o", output, "--size", "600x400"])
        #expect(result.status == 0)
        let f = Fixtures.path
        #expect(result.stderrLines == copies.map { "collage: \(f($0)): duplicate of \(f("eveningglow.jpg"))" } + [
            "collage: \(f("booth-1-q30.jpg")): duplicate of \(f("booth-1.jpg"))",
            "collage: \(f("booth-1-quarter.jpg")): duplicate of \(f("booth-1.jpg"))",
        ])
        try CollageChecks.expectTiles(of: output, show: [f("eveningglow.jpg"), f("booth-1.jpg")])
    }

    @Test func similarityZeroSkipsIdenticalPicturesOnly() async throws {
        let folder = try TemporaryDirectory()
        let f = Fixtures.path
        // Byte-identical, new metadata, the same pixels as PNG: identical; the rest are not.
        let names = ["eveningglow.jpg", "eveningglow-copy.jpg", "eveningglow-meta.jpg", "eveningglow-converted.png",
                     "eveningglow-q30.jpg", "eveningglow-jpegtran.jpg"]
        let result = try await CollageCommand.run(["build"] + names.map(f) + ["-o", folder.file("out.jpg"), "--similarity", "0"])
        #expect(result.status == 0)
        #expect(result.stderrLines == ["eveningglow-copy.jpg", "eveningglow-meta.jpg", "eveningglow-converted.png"].map {
            "collage: \(f($0)): duplicate of \(f("eveningglow.jpg"))"
        })
    }

    @Test func threePhotosLeaveNoWhiteSlotAndPNGFollowsTheExtension() async throws {
        let folder = try TemporaryDirectory()
        let output = folder.file("three.png")
        let result = try await CollageCommand.run(["build", Fixtures.path("autumn.jpg"), Fixtures.path("summer-exif3.jpg"), Fixtures.path("kite-palette.png"), "-o", output, "--size", "300x200"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let collage = try CollageChecks.decode(output)
        #expect(try PhotoDecoder.header(of: [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))).format == .png)
        #expect(collage.size == PixelSize(width: 300, height: 200))
        // The bottom row is one wide tile: no white quarter where the book left an empty slot.
        #expect(collage.meanColor(in: PixelRect(x: 160, y: 110, width: 130, height: 80)).distance(to: .white) > 30)
    }

    @Test func noUsablePhotoExitsSixtyFiveAndWritesNothing() async throws {
        let folder = try TemporaryDirectory()
        let result = try await CollageCommand.run(["build", Fixtures.path("portrait.jpg"), Fixtures.path("square.jpg"), "-o", folder.file("out.jpg")])
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.last == "collage: no usable photo among the 2 given, no collage written")
        #expect(folder.contents.isEmpty)
    }

    @Test("Every bad fixture: one line naming the file and the reason, no output", arguments: [
        ("truncated.jpg", "truncated JPEG file"), ("truncated.png", "truncated PNG file"),
        ("truncated-eoi.jpg", "truncated JPEG file"), ("huge-eoi.jpg", "truncated JPEG file"),
        ("truncated-rst.jpg", "truncated JPEG file"),
        ("not-an-image.jpg", "not an image"), ("empty.jpg", "not an image"),
        ("many-scans.jpg", "progressive JPEG with more than 100 scans"),
        ("bomb.png", "100000x100000 is 10000000000 pixels, over the limit"),
        ("bomb.jpg", "60000x60000 is 3600000000 pixels, over the limit"),
        ("portrait.jpg", "portrait"), ("no-such-file.jpg", "cannot read: No such file or directory"),
    ])
    func badFixture(name: String, reason: String) async throws {
        let folder = try TemporaryDirectory()
        let result = try await CollageCommand.run(["build", Fixtures.path(name), "-o", folder.file("out.jpg")])
        #expect(result.status == 65)
        #expect(result.stderrLines.count == 2)
        #expect(result.stderrLines.first?.hasPrefix("collage: \(Fixtures.path(name)): \(reason)") == true, "\(result.stderr)")
        #expect(folder.contents.isEmpty)
    }

    @Test func theOutputMayNotBeAnInput() async throws {
        let folder = try TemporaryDirectory()
        let input = folder.file("kite.jpg")
        try FileManager.default.copyItem(atPath: Fixtures.path("kite.jpg"), toPath: input)
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        let result = try await CollageCommand.run(["build", Fixtures.path("autumn.jpg"), input, "-o", folder.path + "/./kite.jpg"])
        #expect(result.status == 64)
        #expect(result.stderrLines == ["collage: the output \(folder.path)/./kite.jpg is one of the input photos; choose another name"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
        #expect(folder.contents == ["kite.jpg"])
    }

    /// A missing folder is created (`OutputFolderEndToEndTests`): a path through a device is not.
    @Test func anUnwritableOutputExitsSeventyThree() async throws {
        let result = try await CollageCommand.run(["build", Fixtures.path("autumn.jpg"), "-o", "/dev/null/out.jpg"])
        #expect(result.status == 73)
        #expect(result.stderrLines == ["collage: cannot write /dev/null/out.jpg: Not a directory"])
    }

    @Test("Bad flags are usage errors", arguments: [
        ["--size", "0x10"], ["--size", "wide"], ["--quality", "0"], ["-o", "out.gif"], ["--max-pixels", "0"],
        ["--similarity", "-1"], ["--similarity", "255.5"], ["--similarity", "nan"], ["--similarity", "close"],
    ])
    func usageErrors(flags: [String]) async throws {
        let result = try await CollageCommand.run(["build", Fixtures.path("autumn.jpg")] + flags)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
    }

    @Test func maxPixelsRaisesTheLimit() async throws {
        let folder = try TemporaryDirectory()
        let refused = try await CollageCommand.run(["build", Fixtures.path("autumn.jpg"), "--max-pixels", "1000", "-o", folder.file("a.jpg")])
        #expect(refused.status == 65)
        #expect(refused.stderrLines.first?.contains("320x200 is 64000 pixels, over the limit of 1000 (raise it with --max-pixels)") == true)
        let allowed = try await CollageCommand.run(["build", Fixtures.path("autumn.jpg"), "--max-pixels", "64000", "-o", folder.file("a.jpg")])
        #expect(allowed.status == 0)
    }
}
