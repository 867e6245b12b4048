/// A tile's label filled in, in three parts, so that a line too long for its strip loses only
/// the middle of the photo's file name: `head` (what comes before `{name}`), `stem` (the name
/// without its extension, the part that may be elided) and `tail` (the extension and what
/// follows: `{size}`, `{date}`). A label without `{name}` is all `stem`.
public struct LabelLine: Hashable, Sendable {
    public var head: String
    public var stem: String
    public var tail: String

    public init(head: String = "", stem: String, tail: String = "") {
        self.head = head
        self.stem = stem
        self.tail = tail
    }

    /// The whole line.
    public var text: String { head + stem + tail }

    /// A file name split before its extension (`kite.jpg`: `kite`, `.jpg`); a name that is all
    /// extension (`.hidden`) or has none is all stem.
    public static func stemAndExtension(of name: String) -> (stem: String, extension: String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
        return (String(name[..<dot]), String(name[dot...]))
    }
}
