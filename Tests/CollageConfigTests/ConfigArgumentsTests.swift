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
        #expect(arguments.line(of: "copies") == 5)
    }

    @Test func withoutAPositionalKeyTheFolderIsAnOption() throws {
        #expect(try ConfigArguments(file, positionalKey: nil).options.first == "--folder=booth")
    }

    @Test func aRefusalIsTracedToTheKeyItNamesFirst() throws {
        let arguments = try ConfigArguments(file, positionalKey: "folder")
        let bad = "The value '1x4' is invalid for '--grid <grid>': bad grid"
        #expect(arguments.source(of: bad, given: [])! == ("grid", 4))
        // --batch-timeout needs --batches: about the first, not --batches, and not --batch.
        #expect(arguments.source(of: "--batch-timeout needs --batches.", given: [])! == ("batch-timeout", 6))
        // The command line gave --grid: the file's was left out, so the value refused is the command line's.
        #expect(arguments.source(of: "The value 'x' is invalid for '--grid <grid>'", given: ["grid"]) == nil)
        #expect(arguments.source(of: "Unknown option '--gird'", given: []) == nil)
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

/// The command line wins over the file, for an option given once or repeated, and a refusal is
/// the file's only when it is about a key the file gave.
@Suite("A settings file under a command line: the command line's options replace the file's keys")
struct ConfigArgumentsCommandLineTests {
    let file = try! ConfigArguments(ConfigFile(parsing: """
        folder = "photos"
        output = "prints/booth.jpg"
        caption = ["From the file", "{today}"]
        grid = "2x2"
        batches = true
        """), positionalKey: "folder")

    @Test func anOptionTheCommandLineGivesIsLeftOutOfTheFilesOptions() {
        let given = ConfigArguments.keys(givenBy: ["--caption", "Command line", "-o", "x.jpg", "--grid=1x4"], shortNames: ["o": "output"])
        #expect(given == ["caption", "output", "grid"])
        #expect(file.options(without: given) == ["--batches"])
        #expect(file.options(without: []) == ["--output=prints/booth.jpg", "--caption=From the file", "--caption={today}", "--grid=2x2", "--batches"])
    }

    @Test func shortFlagsTogetherAndNothingAfterTheSeparatorAreGiven() {
        #expect(ConfigArguments.keys(givenBy: ["-qv", "photos", "--", "--grid"], shortNames: ["q": "quiet", "v": "verbose"]) == ["quiet", "verbose"])
    }

    @Test func aRefusalIsTheFilesOnlyWhenItsFirstOptionIsAKeyTheFileGave() throws {
        // A typo on the command line beside --config: the message names --grid too, which the file set.
        #expect(file.source(of: "Unknown option '--gird'. Did you mean '--grid'?", given: ["gird"]) == nil)
        #expect(try #require(file.source(of: "The value 'x' is invalid for '--grid <grid>'", given: [])) == ("grid", 4))
        #expect(file.source(of: "The value 'x' is invalid for '--grid <grid>'", given: ["grid"]) == nil)
        #expect(file.source(of: "--batch-timeout needs --batches.", given: ["batch-timeout"]) == nil)
        #expect(try #require(file.source(of: "Missing value for '--caption <text>'", given: [])) == ("caption", 3))
    }

    @Test(arguments: ["help-hidden", "help", "h", "version", "config", "experimental-dump-help", "generate-completion-script"])
    func theParsersOwnFlagsAreNotSettings(key: String) {
        #expect(throws: ConfigError(line: 2, reason: "\(key) is not a setting")) {
            try ConfigArguments(ConfigFile(parsing: "grid = \"1x4\"\n\(key) = true"), positionalKey: nil)
        }
    }
}
