import CollageCodecs
import CollageCore
import CollageTestSupport
import Foundation
import Testing
import CollageImaging

/// Where the collage goes in a script: stdout, a chosen format, nowhere (a dry run).
@Suite("Outputs: stdout, --format, --dry-run, a reader that goes away", .timeLimit(.minutes(2)))
struct OutputsEndToEndTests {
    let six = ["autumn.jpg", "bythewater.jpg", "kite.jpg", "coldripple.jpg", "eveningglow.jpg", "path.jpg"]

    @Test func theImageGoesToStdoutAndTheLogToStderr() async throws {
        let jpeg = try await Shell.run("collage build autumn.jpg portrait.jpg kite.jpg -o - --size 300x200", in: Fixtures.directory)
        #expect(jpeg.status == 0)
        #expect(ImageFormat(signature: [UInt8](jpeg.stdout.prefix(8))) == .jpeg)
        #expect(try PhotoDecoder.header(of: [UInt8](jpeg.stdout)).storedSize.description == "300x200")
        #expect(jpeg.stderrLines == ["collage: portrait.jpg: portrait (180x320 as displayed), only landscape photos are used (keep them with --accept any)"])
        let png = try await Shell.run("collage build autumn.jpg -o - --format png", in: Fixtures.directory)
        #expect(ImageFormat(signature: [UInt8](png.stdout.prefix(8))) == .png)
    }

    @Test func formatOverridesTheExtension() async throws {
        let out = try TemporaryDirectory()
        let result = try await CollageCommand.run(["build", Fixtures.path("autumn.jpg"), "-o", out.file("c.jpg"), "--format", "png"])
        #expect(result.status == 0)
        #expect(ImageFormat(signature: [UInt8](try Data(contentsOf: URL(fileURLWithPath: out.file("c.jpg"))).prefix(8))) == .png)
        let noFormat = try await CollageCommand.run(["build", Fixtures.path("autumn.jpg"), "-o", out.file("c.gif")])
        #expect(noFormat.status == 64)
        #expect(noFormat.stderr.contains("must end in .jpg, .jpeg or .png, or give --format jpeg|png"))
    }

    @Test func imageBytesNeverGoToATerminal() async throws {
        let terminal = try PseudoTerminal()
        let result = try await CollageCommand.run(["build", Fixtures.path("autumn.jpg"), "-o", "-"], terminal: terminal)
        #expect(result.status == 64)
        #expect(result.stderrLines == ["collage: refusing to write image data to a terminal; redirect standard output or give -o FILE"])
        #expect(!terminal.read(quietMilliseconds: 200).contains(0xFF))  // no JPEG marker reached the screen
    }

    @Test func aReaderThatGoesAwayEndsTheRunQuietly() async throws {
        let folder = try TemporaryDirectory()
        for name in six { try FileManager.default.copyItem(atPath: Fixtures.path(name), toPath: folder.file(name)) }
        let result = try await Shell.run(
            #"collage build *.jpg -o - --size 1800x1200 | head -c 100 > /dev/null; echo "${PIPESTATUS[0]}""#, in: folder.path)
        #expect(result.lines == ["141"])  // as if killed by SIGPIPE, like cat
        #expect(result.stderr.isEmpty)  // no crash text, no error line
        #expect(folder.contents == six.sorted())  // no temporary file
    }

    @Test func aDryRunDecidesAndWritesNothing() async throws {
        let out = try TemporaryDirectory()
        let result = try await CollageCommand.run(["build"] + ["autumn.jpg", "portrait.jpg", "kite.jpg", "path.jpg"].map(Fixtures.path)
            + ["--dry-run", "-o", out.file("c.jpg"), "--size", "600x400"])
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").map(String.init) == [
            "3 of 4 photos on a 600x400 JPEG canvas",
            "#1  300x200+0+0    \(Fixtures.path("autumn.jpg"))",
            "#2  300x200+300+0  \(Fixtures.path("kite.jpg"))",
            "#3  600x200+0+200  \(Fixtures.path("path.jpg"))",
        ])
        #expect(out.contents.isEmpty)
    }
}
