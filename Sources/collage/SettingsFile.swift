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
    static let commands: [String: String?] = ["watch": "folder", "check": "folder", "build": nil]
    /// Settings files are a few hundred bytes; anything much larger is not one.
    static let maximumBytes = 1 << 20

    let path: PathName
    let arguments: ConfigArguments
    /// The command line after the subcommand, as given.
    let commandLine: [String]

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
        let bytes: [UInt8]
        do { bytes = try InputFile(path, maximumBytes: maximumBytes).readAll() } catch { throw .unreadable(path, reason: "\(error)") }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .refused(path, ConfigError(line: 1, reason: "not UTF-8 text")) }
        do throws(ConfigError) {
            return SettingsFile(path: path, arguments: try ConfigArguments(ConfigFile(parsing: text), positionalKey: positionalKey),
                                commandLine: rest)
        } catch {
            throw .refused(path, error)
        }
    }

    /// What the argument parser reads: the subcommand, the file's options, then the command line.
    func expanded(_ arguments: [String]) -> [String] {
        Array(arguments.prefix(1)) + self.arguments.options + commandLine
    }

    /// The line for a refusal of the argument parser that is about a key of the file; a key
    /// that is another command's option says whose.
    func refusal(for message: String, command: String) -> String? {
        guard let (key, line) = arguments.source(of: message, commandLine: commandLine) else { return nil }
        let owners = message.hasPrefix("Unknown option '--\(key)'") ? Self.commands(having: key) : []
        let reason = owners.isEmpty ? message : "an option of \(owners.map { "collage \($0)" }.joined(separator: " and ")), not of collage \(command)"
        return "collage: \(path): line \(line): \(key): \(reason)"
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
}
