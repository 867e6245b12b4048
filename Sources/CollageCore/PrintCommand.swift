/// A `--print` command split into words the way a POSIX shell splits them (blanks between words,
/// single quotes literal, double quotes with `\"` `\\` `\$` `` \` `` escapes, a backslash
/// escaping the next character outside quotes) but never given to a shell: no expansion, no
/// pipes, no `$(...)`. `{path}` and `{copies}` are filled in inside words after splitting, so a
/// collage named `a b $(rm x).jpg` is one literal argument.
///
///     let command = try PrintCommand(parsing: "lp -d booth -n {copies} {path}")
///     command.arguments(path: "/out/a b.jpg", copies: 2) // ["lp", "-d", "booth", "-n", "2", "/out/a b.jpg"]
public struct PrintCommand: Hashable, Sendable {
    /// A run of a word: literal text or a placeholder filled in per print.
    public enum Piece: Hashable, Sendable {
        case text(String)
        case path
        case copies
    }

    public let source: String
    /// Each word as its pieces; the first word is the program.
    public let words: [[Piece]]

    public init(parsing source: String) throws(PrintCommandError) {
        var splitter = Splitter(source: source)
        words = try splitter.split()
        guard !words.isEmpty else { throw .empty }
        guard words.contains(where: { $0.contains(.path) }) else { throw .noPath(in: source) }
        self.source = source
    }

    /// The program and its arguments for one print: each word becomes exactly one argument.
    public func arguments(path: String, copies: Int) -> [String] {
        arguments(path: Array(path.utf8), copies: copies).map { String(decoding: $0, as: UTF8.self) }
    }

    /// As bytes, for a path whose name is not UTF-8: the argument holds the name's exact bytes.
    public func arguments(path: [UInt8], copies: Int) -> [[UInt8]] {
        words.map { pieces in
            pieces.flatMap { piece -> [UInt8] in
                switch piece {
                case .text(let text): return Array(text.utf8)
                case .path: return path
                case .copies: return Array(String(copies).utf8)
                }
            }
        }
    }
}

/// The splitting state: the word being built, whether one is open (`''` is an empty word), and
/// the literal text not yet closed into a piece.
private struct Splitter {
    let source: String
    var index: String.Index
    var words: [[PrintCommand.Piece]] = []
    var pieces: [PrintCommand.Piece] = []
    var text = ""
    var inWord = false

    init(source: String) {
        self.source = source
        index = source.startIndex
    }

    mutating func split() throws(PrintCommandError) -> [[PrintCommand.Piece]] {
        while let character = next() {
            switch character {
            case " ", "\t", "\n":
                endWord()
            case "'":
                inWord = true
                while true {
                    guard let inner = next() else { throw .unclosedQuote("'", in: source) }
                    if inner == "'" { break }
                    try literal(inner)
                }
            case "\"":
                inWord = true
                while true {
                    guard let inner = next() else { throw .unclosedQuote("\"", in: source) }
                    if inner == "\"" { break }
                    if inner == "\\", let escaped = peek(), "\"\\$`\n".contains(escaped) {
                        _ = next()
                        if escaped != "\n" { text.append(escaped) }
                    } else {
                        try literal(inner)
                    }
                }
            case "\\":
                guard let escaped = next() else { throw .trailingBackslash(in: source) }
                // A backslash-newline joins lines; any other escaped character is itself.
                if escaped != "\n" {
                    inWord = true
                    text.append(escaped)
                }
            default:
                inWord = true
                try literal(character)
            }
        }
        endWord()
        return words
    }

    /// A character that is not quoting: braces open placeholders, `{{` and `}}` are braces.
    private mutating func literal(_ character: Character) throws(PrintCommandError) {
        switch character {
        case "{":
            if peek() == "{" {
                _ = next()
                text.append("{")
                return
            }
            var name = ""
            while true {
                guard let inner = next() else { throw .unclosedBrace(in: source) }
                if inner == "}" { break }
                name.append(inner)
            }
            let piece: PrintCommand.Piece
            switch name {
            case "path": piece = .path
            case "copies": piece = .copies
            default: throw .unknownPlaceholder(name, in: source)
            }
            closeText()
            pieces.append(piece)
        case "}":
            guard peek() == "}" else { throw .strayClosingBrace(in: source) }
            _ = next()
            text.append("}")
        default:
            text.append(character)
        }
    }

    private mutating func next() -> Character? {
        guard index < source.endIndex else { return nil }
        defer { index = source.index(after: index) }
        return source[index]
    }

    private func peek() -> Character? {
        index < source.endIndex ? source[index] : nil
    }

    private mutating func closeText() {
        if !text.isEmpty { pieces.append(.text(text)) }
        text = ""
    }

    private mutating func endWord() {
        closeText()
        if inWord { words.append(pieces.isEmpty ? [.text("")] : pieces) }
        pieces = []
        inWord = false
    }
}
