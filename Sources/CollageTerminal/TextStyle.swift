/// What a line on the terminal means, and so its colour: the same three meanings everywhere.
public enum TextStyle: Sendable, CaseIterable {
    /// A photo not used (portrait, duplicate, over the limit): worth a look, not a failure.
    case skipped
    /// Something went wrong: a file that could not be read or written.
    case error
    /// A collage was written.
    case saved

    /// The SGR parameters: the terminal's own palette colours, so they follow the user's theme.
    var sgrParameters: String {
        switch self {
        case .skipped: "33"
        case .error: "1;31"
        case .saved: "32"
        }
    }
}

/// Paints text in a style, or leaves it alone: built once from the colour policy, so callers
/// never test for colour themselves and no escape reaches a file, a pipe or JSON.
public struct Styler: Sendable, Equatable {
    public let isEnabled: Bool

    public init(isEnabled: Bool) {
        self.isEnabled = isEnabled
    }

    public static let plain = Styler(isEnabled: false)

    public func paint(_ text: String, as style: TextStyle) -> String {
        guard isEnabled, !text.isEmpty else { return text }
        return ControlSequence.sgr(style.sgrParameters) + text + ControlSequence.resetAttributes
    }

    /// Plain text paints as itself: a line without a style of its own needs no special case.
    public func paint(_ text: String, as style: TextStyle?) -> String {
        style.map { paint(text, as: $0) } ?? text
    }
}
