/// Reads one line of a settings file: `key = value  # comment`, a comment, or nothing.
struct ConfigScanner {
    private var rest: Substring.UnicodeScalarView
    private let number: Int

    init(line: Substring, number: Int) {
        rest = line.unicodeScalars
        self.number = number
    }

    mutating func entry() throws(ConfigError) -> ConfigFile.Entry? {
        try refuseControlCharacters()
        skipSpaces()
        guard let first = rest.first, first != "#" else { return nil }
        if first == "[" { throw failure("tables ([...]) are not used: every setting is a key at the top level") }
        let key = String(String.UnicodeScalarView(rest.prefix(while: Self.isKeyScalar)))
        guard !key.isEmpty else { throw failure("expected a setting's name (an option's long name, such as grid)") }
        rest.removeFirst(key.unicodeScalars.count)
        skipSpaces()
        guard rest.first == "=" else { throw failure("expected = after \(key)") }
        rest.removeFirst()
        skipSpaces()
        let value = try self.value()
        skipSpaces()
        if let extra = rest.first, extra != "#" { throw failure("unexpected \(extra) after the value of \(key)") }
        return ConfigFile.Entry(key: key, value: value, line: number)
    }

    /// TOML allows no control character but tab anywhere in a line, comments included: one
    /// (a stray carriage return, a NUL) is named by its code point, never shown as it is.
    private func refuseControlCharacters() throws(ConfigError) {
        guard let at = rest.firstIndex(where: { $0 != "\t" && ($0.value < 0x20 || $0.value == 0x7F) }) else { return }
        let control = rest[at], column = rest.distance(from: rest.startIndex, to: at) + 1
        if control == "\r" {
            throw failure("a carriage return (U+000D) at column \(column) that does not end the line: TOML ends lines with LF or CRLF")
        }
        throw failure("a control character (\(VisibleText.codePoint(control))) at column \(column): TOML allows none but tab "
            + "(write \\u\(VisibleText.codePoint(control).dropFirst(2)) in a \"double-quoted\" value)")
    }

    private mutating func value() throws(ConfigError) -> ConfigFile.Value {
        switch rest.first {
        case "\"":
            if rest.starts(with: "\"\"\"".unicodeScalars) { throw failure("multi-line strings are not used: keep the value on one line") }
            return .string(try basicString())
        case "'":
            if rest.starts(with: "'''".unicodeScalars) { throw failure("multi-line strings are not used: keep the value on one line") }
            return .string(try literalString())
        case "[":
            return .array(try array())
        case nil:
            throw failure("expected a value after =")
        default:
            let word = String(String.UnicodeScalarView(rest.prefix { !" \t,]#".unicodeScalars.contains($0) }))
            rest.removeFirst(word.unicodeScalars.count)
            if word == "true" || word == "false" { return .boolean(word == "true") }
            let digits = word.replacingUnderscores()
            if Self.isNumber(digits) { return .number(digits) }
            throw failure("\(word) is not a value: text goes in quotes (\"\(word)\"), numbers and true or false without")
        }
    }

    /// `"…"` with TOML's escapes.
    private mutating func basicString() throws(ConfigError) -> String {
        rest.removeFirst()
        var out = String.UnicodeScalarView()
        while let scalar = rest.first {
            rest.removeFirst()
            switch scalar {
            case "\"": return String(out)
            case "\\": out.append(try escape())
            default: out.append(scalar)
            }
        }
        throw failure("the string has no closing \"")
    }

    private mutating func escape() throws(ConfigError) -> Unicode.Scalar {
        guard let code = rest.first else { throw failure("the string ends in \\") }
        rest.removeFirst()
        switch code {
        case "\"": return "\""
        case "\\": return "\\"
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "b": return "\u{8}"
        case "f": return "\u{C}"
        case "e": return "\u{1B}"
        case "u", "U":
            let length = code == "u" ? 4 : 8
            let digits = rest.prefix(length)
            let hex = String(String.UnicodeScalarView(digits))
            rest = rest[digits.endIndex...]
            guard digits.count == length, let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else {
                throw failure("\\\(code)\(hex) is not a character")
            }
            // No option takes a NUL, and a path would end at it (the file would be another).
            guard value != 0 else { throw failure("\\\(code)\(hex) is a NUL character, which no setting can hold") }
            return scalar
        default:
            throw failure("\\\(code) is not an escape (\\\\ for a backslash)")
        }
    }

    /// `'…'`: every character as it is.
    private mutating func literalString() throws(ConfigError) -> String {
        rest.removeFirst()
        guard let close = rest.firstIndex(of: "'") else { throw failure("the string has no closing '") }
        let text = String(String.UnicodeScalarView(rest[..<close]))
        rest = rest[rest.index(after: close)...]
        return text
    }

    private mutating func array() throws(ConfigError) -> [ConfigFile.Value] {
        rest.removeFirst()
        var values: [ConfigFile.Value] = []
        while true {
            skipSpaces()
            if rest.first == "]" { rest.removeFirst(); return values }
            if rest.isEmpty || rest.first == "#" { throw failure("the list has no closing ]: keep it on one line") }
            let value = try value()
            if case .array = value { throw failure("lists inside lists are not used") }
            guard values.count < ConfigFile.maximumListValues else {
                throw failure("a list holds at most \(ConfigFile.maximumListValues) values")
            }
            values.append(value)
            skipSpaces()
            if rest.first == "," { rest.removeFirst() } else if rest.first != "]" { throw failure("expected , or ] in the list") }
        }
    }

    private mutating func skipSpaces() {
        while let scalar = rest.first, scalar == " " || scalar == "\t" { rest.removeFirst() }
    }

    private func failure(_ reason: String) -> ConfigError { ConfigError(line: number, reason: reason) }

    static func isKeyScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
    }

    /// TOML's decimal integers and floats (`42`, `-1`, `0.5`, `1e3`): what options take.
    static func isNumber(_ text: String) -> Bool {
        var scalars = Substring(text).unicodeScalars
        if scalars.first == "+" || scalars.first == "-" { scalars.removeFirst() }
        let digit = { (scalar: Unicode.Scalar) in ("0"..."9").contains(scalar) }
        guard let first = scalars.first, digit(first) else { return false }
        var seenPoint = false, seenExponent = false, previous: Unicode.Scalar = first
        for scalar in scalars.dropFirst() {
            switch scalar {
            case _ where digit(scalar): break
            case "." where !seenPoint && !seenExponent && digit(previous): seenPoint = true
            case "e", "E": guard !seenExponent, digit(previous) else { return false }; seenExponent = true
            case "+", "-": guard previous == "e" || previous == "E" else { return false }
            default: return false
            }
            previous = scalar
        }
        return digit(previous)
    }
}

extension String {
    /// `10_000` as `10000`: TOML's digit separators.
    fileprivate func replacingUnderscores() -> String { String(unicodeScalars.filter { $0 != "_" }.map(Character.init)) }
}
