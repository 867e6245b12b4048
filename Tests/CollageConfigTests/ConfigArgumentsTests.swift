import CollageConfig
import Testing

/// A settings file as the arguments the parser reads, and a refusal traced back to its line.
@Suite("A settings file as arguments: options before the command line's, and the line a refusal is about")
struct ConfigArgumentsTests {
    let file = try! ConfigFile(parsing: """
        folder = "booth"
        batches = true
        quiet = false
        grid = "1x4"
        copies = 2
        batch-timeout = "90s"
        label = ["{n}", "{name}"]
        """)

    @Test func eachKeyBecomesItsLongOptionAndTheFolderThePositional() throws {
        let arguments = try ConfigArguments(file, positionalKey: "folder")
        #expect(arguments.options == ["--batches", "--grid=1x4", "--copies=2", "--batch-timeout=90s", "--label={n}", "--label={name}"])
        #expect(arguments.positional == "booth")
        #expect(arguments.lines["copies"] == 5)
    }

    @Test func withoutAPositionalKeyTheFolderIsAnOption() throws {
        #expect(try ConfigArguments(file, positionalKey: nil).options.first == "--folder=booth")
    }

    @Test func aRefusalIsTracedToTheKeyItNamesFirst() throws {
        let arguments = try ConfigArguments(file, positionalKey: "folder")
        let bad = "The value '1x4' is invalid for '--grid <grid>': bad grid"
        #expect(arguments.source(of: bad, commandLine: [])! == ("grid", 4))
        // --batch-timeout needs --batches: about the first, not --batches, and not --batch.
        #expect(arguments.source(of: "--batch-timeout needs --batches.", commandLine: [])! == ("batch-timeout", 6))
        // The command line gave --grid: its value is the one refused, unless the file's is quoted.
        #expect(arguments.source(of: "The value 'x' is invalid for '--grid <grid>'", commandLine: ["--grid", "x"]) == nil)
        #expect(arguments.source(of: bad, commandLine: ["--grid", "2x2"])! == ("grid", 4))
        #expect(arguments.source(of: "Unknown option '--gird'", commandLine: []) == nil)
    }

    @Test func theFileCannotNameItselfOrAskForHelp() {
        #expect(throws: ConfigError(line: 1, reason: "config is not a setting")) {
            try ConfigArguments(ConfigFile(parsing: "config = \"other.toml\""), positionalKey: nil)
        }
        #expect(throws: ConfigError(line: 2, reason: "folder is a path, in quotes")) {
            try ConfigArguments(ConfigFile(parsing: "\nfolder = 3"), positionalKey: "folder")
        }
    }
}
