import CollageConfig
import Testing

/// The settings file read by value: what each line becomes, and the line each mistake names.
@Suite("A settings file: keys, values and the line of each mistake")
struct ConfigFileTests {
    @Test func theWeddingBoothReadsAsItsEntries() throws {
        let file = try ConfigFile(parsing: """
            # The wedding booth.
            folder = "/srv/booth/photos"
            batches = true
            grid = '1x4'          # a strip
            caption = "Anna & Ben · {today:%e %B %Y}"
            copies = 2
            throttle = 0.5
            max-pixels = 100_000_000
            quiet = false

            """)
        #expect(file.entries == [
            .init(key: "folder", value: .string("/srv/booth/photos"), line: 2), .init(key: "batches", value: .boolean(true), line: 3),
            .init(key: "grid", value: .string("1x4"), line: 4), .init(key: "caption", value: .string("Anna & Ben · {today:%e %B %Y}"), line: 5),
            .init(key: "copies", value: .number("2"), line: 6), .init(key: "throttle", value: .number("0.5"), line: 7),
            .init(key: "max-pixels", value: .number("100000000"), line: 8), .init(key: "quiet", value: .boolean(false), line: 9),
        ])
    }

    @Test func stringsKeepTOMLsEscapesAndLiteralsKeepBackslashes() throws {
        let file = try ConfigFile(parsing: #"""
            caption = "Tab\there \"quoted\" \u00E9 \\"
            print = 'lp -d "Office Printer" {path}'
            label = ["{n}", "{name}"]
            """#)
        #expect(file.entries.map(\.value) == [
            .string("Tab\there \"quoted\" é \\"), .string(#"lp -d "Office Printer" {path}"#), .array([.string("{n}"), .string("{name}")]),
        ])
    }

    @Test(arguments: [
        ("grid = 1x4", 1, "1x4 is not a value: text goes in quotes (\"1x4\"), numbers and true or false without"),
        ("\n\n[booth]", 3, "tables ([...]) are not used: every setting is a key at the top level"),
        ("grid \"1x4\"", 1, "expected = after grid"),
        ("caption = \"open", 1, "the string has no closing \""),
        ("caption = \"\"\"", 1, "multi-line strings are not used: keep the value on one line"),
        ("label = [\"a\",", 1, "the list has no closing ]: keep it on one line"),
        ("grid = \"1x4\" x", 1, "unexpected x after the value of grid"),
        ("grid = \"1x4\"\ngrid = \"2x2\"", 2, "grid is given twice (first on line 1)"),
        ("caption = \"\\q\"", 1, "\\q is not an escape (\\\\ for a backslash)"),
        ("= 3", 1, "expected a setting's name (an option's long name, such as grid)"),
        ("copies = 1.2.3", 1, "1.2.3 is not a value: text goes in quotes (\"1.2.3\"), numbers and true or false without"),
    ])
    func aMistakeNamesItsLine(text: String, line: Int, reason: String) {
        #expect(throws: ConfigError(line: line, reason: reason)) { try ConfigFile(parsing: text) }
    }

    @Test func numbersAreTOMLsDecimalOnes() {
        for valid in ["0", "42", "-1", "+7", "0.5", "1e3", "2.5E-2"] { #expect(ConfigScannerProbe.isNumber(valid), "\(valid)") }
        for invalid in ["", "-", "1.", ".5", "1e", "0x10", "1-2", "e3", "1.2.3"] { #expect(!ConfigScannerProbe.isNumber(invalid), "\(invalid)") }
    }
}

/// Numbers are only seen through the file: a one-key file says whether a word is one.
enum ConfigScannerProbe {
    static func isNumber(_ word: String) -> Bool {
        guard let file = try? ConfigFile(parsing: "n = \(word)") else { return false }
        return file.entries.first?.value == .number(word)
    }
}
