/// Text for a one-line message, whatever it quotes: a character that would not show as itself
/// (a control character such as a carriage return, which moves the terminal's cursor, or an
/// invisible format character such as a right-to-left override) is written as its code point,
/// `U+000D`, so an operator reads what the file holds and the line stays one line.
public enum VisibleText {
    public static func of(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isHidden) else { return text }
        var shown = ""
        for scalar in text.unicodeScalars {
            if isHidden(scalar) { shown += codePoint(scalar) } else { shown.unicodeScalars.append(scalar) }
        }
        return shown
    }

    /// `U+000D`: at least four hexadecimal digits, as Unicode writes code points.
    public static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// Control (Cc), format (Cf), line and paragraph separators, and code points with no character.
    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .unassigned, .privateUse, .surrogate: true
        default: false
        }
    }
}
