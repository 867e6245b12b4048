/// Why a caption was refused: one line naming the text and the reason, for the command line to
/// print as a usage error (exit 64).
public enum CaptionError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownPlaceholder(String, in: String)
    case unknownLabelPlaceholder(String, in: String)
    case unclosedBrace(in: String)
    case strayClosingBrace(in: String)
    case badFormat(String, placeholder: String, reason: String)
    case badPosition(String)
    case badAlignment(String)
    /// A label with ImageMagick's `%f` (`montage -label '%f'`): `%` escapes are not placeholders.
    case montageEscape(String, in: String)

    public var description: String {
        switch self {
        case .unknownPlaceholder(let name, let text):
            return "unknown placeholder {\(name)} in caption '\(text)': use {date}, {time}, {today}, {n} or {photos}, and {{ or }} for a brace"
        case .unknownLabelPlaceholder(let name, let text):
            return "unknown placeholder {\(name)} in label '\(text)': use {name}, {n}, {size}, {date}, {time}, {today} or {photos}, and {{ or }} for a brace"
        case .unclosedBrace(let text):
            return "caption '\(text)' opens a brace it does not close: write {{ for a brace"
        case .strayClosingBrace(let text):
            return "caption '\(text)' closes a brace it did not open: write }} for a brace"
        case .badFormat(let format, let placeholder, let reason):
            return "bad format '\(format)' for {\(placeholder)}: \(reason)"
        case .badPosition(let text):
            return "bad caption position '\(text)': use bottom or top"
        case .badAlignment(let text):
            return "bad caption alignment '\(text)': use left, centre (center) or right"
        case .montageEscape(let escape, let text):
            let instead = ["%f": "{name}", "%t": "{name}", "%w": "{size}", "%h": "{size}", "%G": "{size}"][escape].map { "write \($0) for it; " } ?? ""
            return "label '\(text)': \(escape) is ImageMagick's escape, not a placeholder: \(instead)use {name}, {n}, {size}, {date}, {time} or {today}"
        }
    }
}
