/// Why a `--print` command was refused: one line naming the command and the reason, for the
/// command line to print as a usage error (exit 64) before the first photo.
public enum PrintCommandError: Error, Hashable, Sendable, CustomStringConvertible {
    case empty
    case unclosedQuote(Character, in: String)
    case trailingBackslash(in: String)
    case unknownPlaceholder(String, in: String)
    case unclosedBrace(in: String)
    case strayClosingBrace(in: String)
    case noPath(in: String)

    public var description: String {
        switch self {
        case .empty:
            return "the print command is empty: give a program and its arguments, such as 'lp -n {copies} {path}'"
        case .unclosedQuote(let quote, let text):
            return "print command '\(text)' opens a \(quote) quote it does not close"
        case .trailingBackslash(let text):
            return "print command '\(text)' ends with a backslash that escapes nothing"
        case .unknownPlaceholder(let name, let text):
            return "unknown placeholder {\(name)} in print command '\(text)': use {path} or {copies}, and {{ or }} for a brace"
        case .unclosedBrace(let text):
            return "print command '\(text)' opens a brace it does not close: write {{ for a brace"
        case .strayClosingBrace(let text):
            return "print command '\(text)' closes a brace it did not open: write }} for a brace"
        case .noPath(let text):
            return "print command '\(text)' has no {path}: it would not know which collage to print"
        }
    }
}
