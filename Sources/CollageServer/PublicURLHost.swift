/// The host of an `http://` or `https://` URL, without brackets: what the guests' warning and
/// `collage check` look up.
public enum PublicURLHost {
    public static func host(of url: String) -> String {
        var rest = Substring(url)
        if let scheme = rest.firstRange(of: "://") { rest = rest[scheme.upperBound...] }
        rest = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") { return String(rest[rest.index(after: rest.startIndex)..<close]) }
        return String(rest.prefix { $0 != ":" })
    }
}
