/// A settings file as command-line arguments: each key becomes its long option, put before the
/// command line's own arguments, so the argument parser reads both with the same typed parsers.
/// An option the command line gives replaces the file's key, whether it takes one value or
/// many (`--caption` given twice is two lines; the file's captions are then not added).
///
/// ```
/// grid = "1x4"          →  --grid=1x4
/// copies = 2            →  --copies=2
/// batches = true        →  --batches        (false: nothing, the default)
/// caption = ["a", "b"]  →  --caption=a --caption=b
/// folder = "/srv/booth" →  the command's positional argument, unless the command line gives one
/// ```
public struct ConfigArguments: Sendable, Equatable {
    /// One key's arguments, in the file's order.
    struct Setting: Sendable, Equatable {
        let key: String
        let line: Int
        let arguments: [String]
    }

    let settings: [Setting]
    /// The value of the command's positional key (`folder` for `watch`), if the file has it.
    public let positional: String?

    /// Keys that are not settings: the file cannot name itself, ask for help or for the
    /// argument parser's own outputs (a service would print them and stop as if it succeeded).
    static let reserved: Set<String> = [
        "config", "help", "h", "help-hidden", "version", "experimental-dump-help", "generate-completion-script",
    ]

    /// - Parameter positionalKey: the key that stands for the command's positional argument.
    public init(_ file: ConfigFile, positionalKey: String?) throws(ConfigError) {
        var settings: [Setting] = [], positional: String?
        for entry in file.entries {
            guard !Self.reserved.contains(entry.key) else { throw ConfigError(line: entry.line, reason: "\(entry.key) is not a setting") }
            if entry.key == positionalKey {
                guard case .string(let text) = entry.value else { throw ConfigError(line: entry.line, reason: "\(entry.key) is a path, in quotes") }
                positional = text
                continue
            }
            let arguments: [String]
            switch entry.value {
            case .boolean(let on):
                arguments = on ? ["--\(entry.key)"] : []
            case .string(let text), .number(let text):
                arguments = ["--\(entry.key)=\(text)"]
            case .array(let elements):
                arguments = try elements.map { element throws(ConfigError) in
                    guard case .string(let text) = element else {
                        throw ConfigError(line: entry.line, reason: "the list of \(entry.key) holds a value that is not text")
                    }
                    return "--\(entry.key)=\(text)"
                }
            }
            settings.append(Setting(key: entry.key, line: entry.line, arguments: arguments))
        }
        self.settings = settings
        self.positional = positional
    }

    /// The keys that are options, in the file's order.
    public var keys: [String] { settings.map(\.key) }

    /// Every key's options, in the file's order.
    public var options: [String] { settings.flatMap(\.arguments) }

    /// The file's options but those of the keys `given` (by the command line, which wins).
    public func options(without given: Set<String>) -> [String] {
        settings.filter { !given.contains($0.key) }.flatMap(\.arguments)
    }

    /// The line that set `key`.
    public func line(of key: String) -> Int? { settings.first { $0.key == key }?.line }

    /// The file's key that a refusal of the argument parser is about, and its line: the option
    /// the message names first (`'--grid <grid>'`, `--batch-timeout needs --batches`, `Unknown
    /// option '--gird'`), when the file set it and the command line did not give it (`given`),
    /// so its value is the file's. Nil for a refusal about the command line's own options.
    public func source(of message: String, given: Set<String>) -> (key: String, line: Int)? {
        guard let key = Self.firstOption(in: message), !given.contains(key), let line = line(of: key) else { return nil }
        return (key, line)
    }

    /// The first `--name` in the message, as a whole option name.
    static func firstOption(in message: String) -> String? {
        var scalars = Substring(message).unicodeScalars[...]
        while let start = scalars.firstRange(of: "--".unicodeScalars) {
            let name = scalars[start.upperBound...].prefix(while: ConfigScanner.isKeyScalar)
            let before = start.lowerBound == scalars.startIndex ? nil : scalars[scalars.index(before: start.lowerBound)]
            if !name.isEmpty, before.map({ !ConfigScanner.isKeyScalar($0) }) ?? true { return String(String.UnicodeScalarView(name)) }
            scalars = scalars[start.upperBound...]
        }
        return nil
    }

    /// The options a command line gives, by their long names: `--grid 1x4`, `--grid=1x4`, and
    /// single-letter ones (`-o`, `-qv`) through `shortNames`; nothing after `--`.
    public static func keys(givenBy commandLine: [String], shortNames: [Character: String]) -> Set<String> {
        var keys = Set<String>()
        for argument in commandLine.prefix(while: { $0 != "--" }) {
            if argument.hasPrefix("--") {
                keys.insert(String(argument.dropFirst(2).prefix { $0 != "=" }))
            } else if argument.hasPrefix("-"), argument.count > 1 {
                for letter in argument.dropFirst().prefix(while: { $0 != "=" }) {
                    if let key = shortNames[letter] { keys.insert(key) }
                }
            }
        }
        return keys
    }
}
