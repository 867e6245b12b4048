import CollageConfig
import Testing

/// A settings file's lines as TOML 1.0 reads them: LF or CRLF ends, UTF-8, no control character
/// but tab; each refusal names its line and shows no raw control character.
@Suite("A settings file's lines: CRLF, UTF-8, control characters and bounds, each fault on its line")
struct ConfigFileLinesTests {
    static let booth = """
        # The wedding booth, as docs/booth.toml starts: with a comment.
        folder = "photos"
        batches = true
        caption = ["Anna & Ben", "{today:%e %B %Y}"]
        copies = 2

        """

    /// A file saved by a Windows editor, or edited over Samba: every line ends in CR LF. Split
    /// as Swift splits a String (by Character, where CR LF is one), the first comment swallowed
    /// the whole file and every setting was silently lost.
    @Test func aFileWithCRLFLineEndsReadsAsTheSameFileWithLF() throws {
        let lf = try ConfigFile(parsing: Self.booth)
        let crlf = try ConfigFile(bytes: Array(Self.booth.replacing("\n", with: "\r\n").utf8))
        #expect(crlf == lf)
        #expect(crlf.entries.map(\.key) == ["folder", "batches", "caption", "copies"])
        #expect(crlf.entries.last?.line == 5)
    }

    @Test func aByteOrderMarkBeforeTheFirstLineIsNoSetting() throws {
        let file = try ConfigFile(bytes: [0xEF, 0xBB, 0xBF] + Array("grid = \"1x4\"\r\n".utf8))
        #expect(file.entries == [.init(key: "grid", value: .string("1x4"), line: 1)])
    }

    /// Each refusal: its line, and the character by its code point, never as it is.
    @Test(arguments: [
        ("grid = \"1x4\"\rcopies = 2\n", 1, "a carriage return (U+000D) at column 13 that does not end the line: TOML ends lines with LF or CRLF"),
        ("\n# a comment \u{7}\n", 2, "a control character (U+0007) at column 13: TOML allows none but tab (write \\u0007 in a \"double-quoted\" value)"),
        ("caption = \"a\u{1B}[2Jb\"", 1, "a control character (U+001B) at column 13: TOML allows none but tab (write \\u001B in a \"double-quoted\" value)"),
        ("caption = 'a\u{7F}'", 1, "a control character (U+007F) at column 13: TOML allows none but tab (write \\u007F in a \"double-quoted\" value)"),
        ("output = \"out/booth\\u0000.png\"", 1, "\\u0000 is a NUL character, which no setting can hold"),
        ("output = \"out/booth\\U00000000.png\"", 1, "\\U00000000 is a NUL character, which no setting can hold"),
    ])
    func aControlCharacterIsNamedByItsCodePoint(text: String, line: Int, reason: String) throws {
        let error = try #require(throws: ConfigError.self) { try ConfigFile(parsing: text) }
        #expect(error == ConfigError(line: line, reason: reason))
        #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    }

    /// Escapes other than NUL are kept, control characters included: a value is the option's to judge.
    @Test func escapedCharactersButNULAreKept() throws {
        let file = try ConfigFile(parsing: #"caption = "one\ntwo\t\u001B\r""#)
        #expect(file.entries.map(\.value) == [.string("one\ntwo\t\u{1B}\r")])
    }

    @Test func aByteThatIsNotUTF8IsReportedOnItsOwnLine() {
        let bytes = Array("# booth\nfolder = \"photos\"\r\n\n\ncaption = \"caf".utf8) + [0xE9] + Array("\"\n".utf8)
        #expect(throws: ConfigError(line: 5, reason: "byte 15 of the line, 0xE9, is not UTF-8: save the file as UTF-8")) {
            try ConfigFile(bytes: bytes)
        }
    }

    @Test func aListHoldsAtMostItsBoundOfValues() throws {
        let values = (0...ConfigFile.maximumListValues).map { "\"\($0)\"" }
        let most = try ConfigFile(parsing: "caption = [\(values.dropLast().joined(separator: ", "))]")
        #expect(most.entries.first?.value == .array(values.dropLast().indices.map { .string("\($0)") }))
        #expect(throws: ConfigError(line: 2, reason: "a list holds at most \(ConfigFile.maximumListValues) values")) {
            try ConfigFile(parsing: "\ncaption = [\(values.joined(separator: ", "))]")
        }
    }

    @Test func aFileHoldsAtMostItsBoundOfSettings() throws {
        let keys = (0...ConfigFile.maximumEntries).map { "key\($0) = 1" }
        #expect(try ConfigFile(parsing: keys.dropLast().joined(separator: "\n")).entries.count == ConfigFile.maximumEntries)
        #expect(throws: ConfigError(line: ConfigFile.maximumEntries + 1, reason: "a settings file holds at most \(ConfigFile.maximumEntries) settings")) {
            try ConfigFile(parsing: keys.joined(separator: "\n"))
        }
    }

    /// A message quoting what the file holds shows it, and nothing that would not show.
    @Test func visibleTextWritesWhatWouldNotShowAsItsCodePoint() {
        #expect(VisibleText.of("caf\u{E9} \u{1F4F7}") == "caf\u{E9} \u{1F4F7}")
        #expect(VisibleText.of("a\rb\u{0}c\u{202E}d\u{2028}") == "aU+000DbU+0000cU+202EdU+2028")
    }
}
