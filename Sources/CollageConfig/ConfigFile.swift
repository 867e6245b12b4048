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

    /// The most values one key's list may hold: no option takes more than a few (caption lines),
    /// and the argument parser's time grows with the square of an option's count (20,000 values
    /// took minutes).
    public static let maximumListValues = 100
    /// The most settings a file may hold: a command has about seventy options, and a file of
    /// tens of thousands of keys only costs the parser's time.
    public static let maximumEntries = 1_000

    public let entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// Reads the file's text; the first line that is not understood is the error.
    public init(parsing text: String) throws(ConfigError) {
        try self.init(bytes: Array(text.utf8))
    }

    /// Reads the file's bytes as TOML 1.0 does: lines end in LF or CRLF (a file from a Windows
    /// editor reads as it looks), and each line must be UTF-8; the first line that is not
    /// understood is the error.
    public init(bytes: [UInt8]) throws(ConfigError) {
        var entries: [Entry] = []
        var seen: [String: Int] = [:]
        // A byte order mark, which some Windows editors write first, is no setting.
        let bytes = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        for (index, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let text = try Self.text(of: line.last == 0x0D ? line.dropLast() : line, line: number)
            var scanner = ConfigScanner(line: text, number: number)
            guard let entry = try scanner.entry() else { continue }
            guard entries.count < Self.maximumEntries else {
                throw ConfigError(line: number, reason: "a settings file holds at most \(Self.maximumEntries) settings")
            }
            if let first = seen[entry.key] {
                throw ConfigError(line: entry.line, reason: "\(entry.key) is given twice (first on line \(first))")
            }
            seen[entry.key] = entry.line
            entries.append(entry)
        }
        self.entries = entries
    }

    /// A line's bytes as text, or the column of the first byte that is not UTF-8.
    private static func text(of bytes: ArraySlice<UInt8>, line: Int) throws(ConfigError) -> Substring {
        if let text = String(validating: bytes, as: UTF8.self) { return Substring(text) }
        var parser = Unicode.UTF8.ForwardParser(), iterator = bytes.makeIterator(), column = 1
        while case .valid(let scalar) = parser.parseScalar(from: &iterator) { column += scalar.count }
        let byte = bytes[bytes.startIndex + column - 1]
        throw ConfigError(line: line, reason: "byte \(column) of the line, 0x\(byte < 0x10 ? "0" : "")\(String(byte, radix: 16, uppercase: true)), "
            + "is not UTF-8: save the file as UTF-8")
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

    public var description: String { "line \(line): \(VisibleText.of(reason))" }
}
