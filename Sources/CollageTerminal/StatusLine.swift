/// A line of text under the preview, with the style it is painted in, if any.
public struct StatusLine: Sendable, Equatable {
    public var text: String
    public var style: TextStyle?

    public init(_ text: String, style: TextStyle? = nil) {
        self.text = text
        self.style = style
    }

    /// Cut to `width` columns less one, so it never wraps (which would make it two lines and
    /// spoil the count a redraw moves up by). Counts characters: wide characters are not
    /// measured.
    func fitted(width: Int) -> String {
        let limit = max(0, width - 1)
        return text.count <= limit ? text : String(text.prefix(max(0, limit - 1))) + (limit > 0 ? "…" : "")
    }
}
