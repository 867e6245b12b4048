/// A booth's settings file: the long option names of `collage watch` (or `build`) as keys, in
/// TOML (`grid = "1x4"`, `copies = 2`, `batches = true`), one key a line.
///
/// The file is read as the subset of TOML that options need: top-level keys with a string,
/// integer, float, boolean or one-line array value, and comments. Anything else TOML allows
/// (tables, dates, multi-line strings) is refused with its line rather than half understood.
/// Values stay text here: they are parsed by the same typed parsers as the flags.
public struct ConfigFile: Sendable, Equatable {
    /// One `key = value` line.
    public struct Entry: Sendable, Equatable {
        public let key: String
        public let value: Value
        /// 1-based, for the line that names the file and where in it.
        public let line: Int

        public init(key: String, value: Value, line: Int) {
            self.key = key
            self.value = value
            self.line = line
        }
    }

    /// A value as written: numbers keep their text, so `0.5` reaches `--throttle` as `0.5`.
    public enum Value: Sendable, Equatable {
        case string(String)
        case number(String)
        case boolean(Bool)
        case array([Value])
    }

    public let entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// Reads the file's text; the first line that is not understood is the error.
    public init(parsing text: String) throws(ConfigError) {
        var entries: [Entry] = []
        var seen: [String: Int] = [:]
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var scanner = ConfigScanner(line: line.hasSuffix("\r") ? line.dropLast() : line, number: index + 1)
            guard let entry = try scanner.entry() else { continue }
            if let first = seen[entry.key] {
                throw ConfigError(line: entry.line, reason: "\(entry.key) is given twice (first on line \(first))")
            }
            seen[entry.key] = entry.line
            entries.append(entry)
        }
        self.entries = entries
    }
}

/// What is wrong with a settings file, and on which line: one line for the operator.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    public let line: Int
    public let reason: String

    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }

    public var description: String { "line \(line): \(reason)" }
}
