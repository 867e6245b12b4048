import CollageImaging
import CollageTestSupport
import Foundation
import Testing

/// The settings file as an operator's editor leaves it and as an unlucky operator writes it:
/// CRLF line ends, a caption on both sides, a NUL, a byte that is not UTF-8, the parser's own
/// flags, a list of thousands, and a typo on the command line beside the file.
extension ConfigFileEndToEndTests {
    /// A folder holding `booth.toml` with these bytes.
    func settings(_ bytes: [UInt8]) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.file("photos"), withIntermediateDirectories: false)
        try Data(bytes).write(to: URL(fileURLWithPath: folder.file("booth.toml")))
        return folder
    }

    /// A Windows editor's file (or one edited over Samba), starting with a comment as the shipped
    /// docs/booth.toml does: the same booth as the flags, where every setting used to be lost
    /// and the booth ran as a plain watch (no numbers, no print, no screen).
    @Test func aFileWithCRLFLineEndsIsTheSameBoothAsItsFlags() async throws {
        let flags = try await booth(Self.weddingFlags)
        let file = try await booth("--config booth.toml", file: Self.weddingFile.replacing("\n", with: "\r\n"))
        #expect(flags.collage == file.collage)
        #expect(flags.events == file.events)
        #expect(flags.printed == file.printed)
        #expect(file.events.contains { $0.contains(#""batch":1"#) })
    }

    /// A carriage return that ends no line is named, by its code point: the line printed is one
    /// line, with no character that moves the terminal's cursor.
    @Test func aStrayCarriageReturnIsNamedNotPrinted() async throws {
        let folder = try settings(Array("folder = \"photos\"\ngrid = \"1x4\"\rbatches = true\n".utf8))
        let run = try await Shell.run("collage watch --config booth.toml", in: folder.path)
        #expect(run.status == 78)
        #expect(run.stderrLines == ["collage: booth.toml: line 2: a carriage return (U+000D) at column 13 that does not end the line: TOML ends lines with LF or CRLF"])
        #expect(!run.stderr.contains("\r"))
    }

    /// A value the option refuses is quoted by the parser: what would not show (an escape
    /// sequence that would clear the operator's screen) is shown by its code point.
    @Test func aRefusedValueIsQuotedWithoutItsControlCharacters() async throws {
        let folder = try settings(Array(#"grid = "1\u001B[2J4""#.utf8) + [0x0A])
        let run = try await Shell.run("collage watch photos --config booth.toml", in: folder.path)
        #expect(run.status == 78)
        #expect(run.stderrLines.first?.hasPrefix("collage: booth.toml: line 1: grid: The value '1U+001B[2J4' is invalid for '--grid <grid>'") == true,
                "\(run.stderrLines)")
        #expect(!run.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    /// `--caption` is an option given once per line: the command line's lines replace the file's.
    @Test func aRepeatableOptionOnTheCommandLineReplacesTheFilesValues() async throws {
        let folder = try settings(Array("caption = [\"From the file\", \"and its second line\"]\nsize = \"600x400\"\n".utf8))
        let kite = Fixtures.path("kite.jpg")
        let fromBoth = try await Shell.run("collage build --config booth.toml \(kite) -o both.jpg --caption 'Command line'", in: folder.path)
        let alone = try await Shell.run("collage build \(kite) -o alone.jpg --size 600x400 --caption 'Command line'", in: folder.path)
        #expect(fromBoth.status == 0 && alone.status == 0, "\(fromBoth.stderr) \(alone.stderr)")
        #expect(try CollageChecks.decode(folder.file("both.jpg")).pixels == CollageChecks.decode(folder.file("alone.jpg")).pixels)
    }

    /// `-o` is `--output`: the file's output, even one the parser would refuse, is not read.
    @Test func aSingleLetterOptionReplacesTheFilesKeyToo() async throws {
        let folder = try settings(Array("output = \"\"\nsize = \"300x200\"\n".utf8))
        let run = try await Shell.run("collage build --config booth.toml \(Fixtures.path("kite.jpg")) -o kite.jpg", in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lines == ["kite.jpg"])
    }

    /// `\u0000` in a path would end it there: `build` wrote `out/booth`, and `watch` made its lock
    /// and journal the same file. Refused with its line, and nothing is made.
    @Test(arguments: ["build \(Fixtures.path("kite.jpg"))", "watch photos --batches"])
    func aNULInAValueIsRefusedWithItsLine(command: String) async throws {
        let folder = try settings(Array(#"output = "out/booth\u0000.png""#.utf8) + [0x0A])
        let run = try await Shell.run("collage \(command) --config booth.toml", in: folder.path)
        #expect(run.status == 78)
        #expect(run.stderrLines == [#"collage: booth.toml: line 1: \u0000 is a NUL character, which no setting can hold"#])
        #expect(!FileManager.default.fileExists(atPath: folder.file("out")))
    }

    @Test func aByteThatIsNotUTF8IsReportedOnItsLine() async throws {
        let folder = try settings(Array("# booth\nfolder = \"photos\"\nbatches = true\n\ncaption = \"caf".utf8) + [0xE9] + Array("\"\n".utf8))
        let run = try await Shell.run("collage watch --config booth.toml", in: folder.path)
        #expect(run.status == 78)
        #expect(run.stderrLines == ["collage: booth.toml: line 5: byte 15 of the line, 0xE9, is not UTF-8: save the file as UTF-8"])
    }

    /// The parser's own flags print something and exit 0: under the unit, a clean stop with no
    /// error line and no restart.
    @Test(arguments: ["help-hidden", "version"])
    func theParsersOwnFlagsAreNotSettings(key: String) async throws {
        let folder = try settings(Array("folder = \"photos\"\n\(key) = true\n".utf8))
        let run = try await Shell.run("collage watch --config booth.toml", in: folder.path)
        #expect(run.status == 78)
        #expect(run.stdout.isEmpty)
        #expect(run.stderrLines == ["collage: booth.toml: line 2: \(key) is not a setting"])
    }

    /// A 117 KiB file of one list of 20,000 values took the argument parser minutes (its time
    /// grows with the square of an option's count): refused at once, with its line.
    @Test func aListOfThousandsOfValuesIsRefusedWithItsLine() async throws {
        let values = (1...20_000).map { "\"caption line \($0)\"" }.joined(separator: ", ")
        let folder = try settings(Array("folder = \"photos\"\ncaption = [\(values)]\n".utf8))
        let run = try await CollageCommand.run(["watch", "--config", folder.file("booth.toml")], deadline: .seconds(30))
        #expect(run.status == 78)
        #expect(run.stderrLines == ["collage: \(folder.file("booth.toml")): line 2: a list holds at most 100 values"])
    }

    /// A typo on the command line is the command line's usage error (64), never blamed on the
    /// file's line that sets the option the parser suggests (78: "do not restart" for the unit).
    @Test func aTypoOnTheCommandLineBesideTheFileIsItsUsageError() async throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.file("photos"), withIntermediateDirectories: false)
        try Self.weddingFile.write(toFile: folder.file("booth.toml"), atomically: true, encoding: .utf8)
        let run = try await Shell.run("collage watch --config booth.toml --gird 1x4", in: folder.path)
        #expect(run.status == 64)
        #expect(run.stderrLines.first == "Error: Unknown option '--gird'. Did you mean '--grid'?")
        #expect(run.stderrLines.dropFirst().first?.hasPrefix("Usage: collage watch") == true, "\(run.stderr)")
        #expect(!run.stderr.contains("booth.toml"))
    }
}
