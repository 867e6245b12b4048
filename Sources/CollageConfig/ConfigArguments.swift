/// A settings file as command-line arguments: each key becomes its long option, put before the
/// command line's own arguments, so the argument parser reads both with the same typed parsers
/// and a flag given on the command line wins (the last value of an option is the one kept).
///
/// ```
/// grid = "1x4"          →  --grid=1x4
/// copies = 2            →  --copies=2
/// batches = true        →  --batches        (false: nothing, the default)
/// folder = "/srv/booth" →  the command's positional argument, unless the command line gives one
/// ```
public struct ConfigArguments: Sendable, Equatable {
    /// Options and flags, in the file's order.
    public let options: [String]
    /// The value of the command's positional key (`folder` for `watch`), if the file has it.
    public let positional: String?
    /// Which line set each key, to name it when the parser refuses the key's value.
    public let lines: [String: Int]
    /// Which value each key gave, as the parser sees it.
    public let values: [String: [String]]

    /// Keys that are not settings: the file cannot name itself or ask for help.
    static let reserved: Set<String> = ["config", "help", "h", "version", "experimental-dump-help", "generate-completion-script"]

    /// - Parameter positionalKey: the key that stands for the command's positional argument.
    public init(_ file: ConfigFile, positionalKey: String?) throws(ConfigError) {
        var options: [String] = [], positional: String?, lines: [String: Int] = [:], values: [String: [String]] = [:]
        for entry in file.entries {
            guard !Self.reserved.contains(entry.key) else { throw ConfigError(line: entry.line, reason: "\(entry.key) is not a setting") }
            lines[entry.key] = entry.line
            if entry.key == positionalKey {
                guard case .string(let text) = entry.value else { throw ConfigError(line: entry.line, reason: "\(entry.key) is a path, in quotes") }
                positional = text
                continue
            }
            switch entry.value {
            case .boolean(let on):
                if on { options.append("--\(entry.key)") }
            case .string(let text), .number(let text):
                options.append("--\(entry.key)=\(text)")
                values[entry.key] = [text]
            case .array(let elements):
                for element in elements {
                    guard case .string(let text) = element else {
                        throw ConfigError(line: entry.line, reason: "the list of \(entry.key) holds a value that is not text")
                    }
                    options.append("--\(entry.key)=\(text)")
                    values[entry.key, default: []].append(text)
                }
            }
        }
        self.options = options
        self.positional = positional
        self.lines = lines
        self.values = values
    }

    /// The file's key that a refusal of the argument parser is about, and its line: the option
    /// the message names (`'--grid <grid>'`, `--batch-timeout needs --batches`), when the file
    /// set it and the command line did not give it too (unless the refused value is the file's).
    public func source(of message: String, commandLine: [String]) -> (key: String, line: Int)? {
        let named = lines.keys.filter { key in Self.names(message, option: key) }
        let fromFile = named.filter { key in
            let given = commandLine.contains { $0 == "--\(key)" || $0.hasPrefix("--\(key)=") }
            return !given || (values[key] ?? []).contains { message.contains("'\($0)'") }
        }
        // The first one the message names: the option it is about comes before those it mentions.
        let first = fromFile.min { a, b in Self.position(of: a, in: message)! < Self.position(of: b, in: message)! }
        return first.map { ($0, lines[$0]!) }
    }

    static func names(_ message: String, option key: String) -> Bool { position(of: key, in: message) != nil }

    /// Where `--key` stands in the message as a whole option name (not the start of a longer one).
    static func position(of key: String, in message: String) -> Int? {
        let needle = Array("--\(key)".unicodeScalars), scalars = Array(message.unicodeScalars)
        guard scalars.count >= needle.count else { return nil }
        for start in 0...(scalars.count - needle.count) where scalars[start..<start + needle.count].elementsEqual(needle) {
            let after = start + needle.count
            if after == scalars.count || !ConfigScanner.isKeyScalar(scalars[after]) { return start }
        }
        return nil
    }
}
