internal import ArgumentParser
internal import CollageConfig
internal import CollageCore
internal import CollageFiles
internal import CollagePipeline

/// `--config FILE` for `watch` and `build`: the booth's settings in one file, each key a long
/// option. The file's options are put before the command line's arguments, so the argument
/// parser checks them as it checks flags, and a flag given on the command line wins.
struct SettingsFile {
    /// The subcommands that take `--config`, with the key that stands for their positional argument.
    /// `build` reads a booth's file for a test print: its folder is no argument of build's.
    static let commands: [String: String] = ["watch": "folder", "check": "folder", "build": "folder"]
    /// Settings files are a few hundred bytes; anything much larger is not one.
    static let maximumBytes = 1 << 20

    let path: PathName
    let arguments: ConfigArguments
    /// The command line after the subcommand, as given.
    let commandLine: [String]
    /// The options the command line gives, by their long names: the file's keys for them are left out.
    let given: Set<String>
    /// For `build`, the keys of a booth's file that only `watch` takes (its folder, batches,
    /// the screen): a test print with the booth's look leaves them out, and says so.
    let leftOut: [String]

    /// The file named by `--config FILE` or `--config=FILE` before any `--`, read; nil without one.
    static func named(in arguments: [String]) throws(Failure) -> SettingsFile? {
        guard let command = arguments.first, let positionalKey = commands[command] else { return nil }
        let rest = Array(arguments.dropFirst())
        let options = rest.prefix { $0 != "--" }
        var value: String?
        for (index, argument) in options.enumerated() {
            if argument.hasPrefix("--config=") { value = String(argument.dropFirst("--config=".count)) }
            if argument == "--config", index + 1 < options.count { value = options[index + 1] }
        }
        guard let value, let path = PathName(argument: value) else { return nil }
        let file = try read(path, positionalKey: positionalKey)
        let shortNames = rest.contains { $0.hasPrefix("-") && !$0.hasPrefix("--") } ? Self.shortNames(of: command) : [:]
        let given = ConfigArguments.keys(givenBy: rest, shortNames: shortNames)
        let leftOut = command == "build" ? (file.positional == nil ? [] : [positionalKey]) + Self.watchAlone(file.keys) : []
        return SettingsFile(path: path, arguments: file, commandLine: rest, given: given, leftOut: leftOut)
    }

    /// The file at `path` as arguments, `positionalKey` standing for the command's positional one.
    static func read(_ path: PathName, positionalKey: String?) throws(Failure) -> ConfigArguments {
        let bytes: [UInt8]
        do { bytes = try InputFile(path, maximumBytes: maximumBytes).readAll() } catch { throw .unreadable(path, reason: "\(error)") }
        do throws(ConfigError) {
            return try ConfigArguments(ConfigFile(bytes: bytes), positionalKey: positionalKey)
        } catch {
            throw .refused(path, error)
        }
    }

    /// What the argument parser reads: the subcommand, the file's options but those the command
    /// line gives (it wins, for an option given once or repeated), then the command line.
    func expanded(_ arguments: [String]) -> [String] {
        Array(arguments.prefix(1)) + self.arguments.options(without: given.union(leftOut)) + commandLine
    }

    /// The line for a refusal of the argument parser that is about a key of the file; a key
    /// that is another command's option says whose. Nil for a refusal of the command line's own.
    func refusal(for message: String, command: String) -> String? {
        guard let (key, line) = arguments.source(of: message, given: given) else { return nil }
        let owners = message.hasPrefix("Unknown option '--\(key)'") ? Self.commands(having: key) : []
        let reason = owners.isEmpty ? message : "an option of \(owners.map { "collage \($0)" }.joined(separator: " and ")), not of collage \(command)"
        return "collage: \(path): line \(line): \(key): \(VisibleText.of(reason))"
    }

    /// The single-letter options of the command, by their long names (`-o` is `output`), as
    /// its help lists them (`-o, --output <file>`).
    static func shortNames(of command: String) -> [Character: String] {
        let type: any ParsableCommand.Type = command == "build" ? Collage.Build.self : Collage.Watch.self
        var names: [Character: String] = [:]
        for line in type.helpMessage(includeHidden: true, columns: 10_000).split(separator: "\n") {
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            guard words.count >= 2, words[0].count == 3, words[0].hasPrefix("-"), words[0].hasSuffix(","), words[1].hasPrefix("--") else { continue }
            names[words[0].dropFirst().first!] = String(words[1].dropFirst(2))
        }
        return names
    }

    /// The keys among `keys` that `watch` takes and `build` does not.
    static func watchAlone(_ keys: [String]) -> [String] {
        let (build, watch) = (Collage.Build.helpMessage(includeHidden: true, columns: 10_000), Collage.Watch.helpMessage(includeHidden: true, columns: 10_000))
        let lists = { (help: String, key: String) in help.contains("--\(key) ") || help.contains("--\(key)\n") }
        return keys.filter { lists(watch, $0) && !lists(build, $0) }
    }

    /// The subcommands whose help lists `--key`.
    static func commands(having key: String) -> [String] {
        let commands: [(String, any ParsableCommand.Type)] = [("build", Collage.Build.self), ("watch", Collage.Watch.self), ("inspect", Collage.Inspect.self)]
        return commands.filter { _, type in
            let help = type.helpMessage(columns: 10_000)
            return help.contains("--\(key) ") || help.contains("--\(key)\n")
        }.map(\.0)
    }

    /// Why the file could not be used, in one line, with its exit status.
    enum Failure: Error, CustomStringConvertible {
        case unreadable(PathName, reason: String)
        case refused(PathName, ConfigError)

        var description: String {
            switch self {
            case .unreadable(let path, let reason): "\(path): \(reason)"
            case .refused(let path, let error): "\(path): \(error)"
            }
        }

        var status: Int32 {
            switch self {
            case .unreadable: ExitCodes.noInput
            case .refused: ExitCodes.configuration
            }
        }
    }
}

/// The `--config` option itself: parsed with the rest, so it is in `--help`, the man page and
/// the completions; `SettingsFile` has read the file before the parser runs.
struct SettingsFileOption: ParsableArguments {
    @Option(help: ArgumentHelp("Settings from a TOML file whose keys are long option names (grid = \"1x4\"); options on the command line win.",
                               valueName: "file"), completion: .file(extensions: ["toml"]))
    var config: PathName?

    /// The file's `folder = "…"`: the folder to watch when the command line names none (`watch`,
    /// and `check` for it). The file was read and checked before the parser ran; it is read
    /// again here, where the folder is wanted, rather than patched into the parsed command.
    var folder: PathName? {
        guard let config, let file = try? SettingsFile.read(config, positionalKey: "folder") else { return nil }
        return file.positional.flatMap(PathName.init(argument:))
    }
}
