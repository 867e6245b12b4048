/// The one-line progress display of `build` and `inspect`: photos decided out of those given,
/// how many are used so far, time elapsed. Pure: the caller owns the clock and the stream.
public struct ProgressLine: Sendable, Equatable {
    public var decided: Int
    public var given: Int
    public var used: Int
    public var elapsed: Duration
    /// `build --pages`: pages written, and the most the run can make (nil: one collage).
    public var pagesWritten = 0
    public var pages: Int?

    public init(decided: Int, given: Int, used: Int, elapsed: Duration, pages: Int? = nil) {
        self.decided = decided
        self.given = given
        self.used = used
        self.elapsed = elapsed
        self.pages = pages
    }

    /// The time left, were the photos still to decide as quick as those decided: nil before
    /// the first.
    public var remaining: Duration? {
        guard decided > 0, given >= decided else { return nil }
        return elapsed * Double(given - decided) / Double(decided)
    }

    /// A bar of `width` cells, filled as the photos are decided: `[#####-----]`.
    public func bar(width: Int) -> String {
        let filled = given == 0 ? width : min(width, width * decided / given)
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "]"
    }

    /// The longest wording that fits in `width` columns, shorter ones as the terminal narrows.
    /// One column is left free: a line that reaches the last column makes some terminals wrap.
    public func text(width: Int) -> String {
        let limit = max(0, width - 1)
        let time = Self.format(elapsed)
        if let pages {
            let left = remaining.map { Self.format($0) + " left" } ?? "estimating"
            let candidates = [
                "collage: \(bar(width: 20)) page \(pagesWritten)/\(pages), \(decided)/\(given) photos, \(used) used, \(time), \(left)",
                "\(bar(width: 10)) \(pagesWritten)/\(pages) pages, \(decided)/\(given) photos, \(left)",
                "\(pagesWritten)/\(pages) pages, \(decided)/\(given), \(left)",
                "\(decided)/\(given)",
            ]
            return candidates.first { $0.count <= limit } ?? String(candidates[candidates.count - 1].prefix(limit))
        }
        let candidates = [
            "collage: \(decided)/\(given) photos decided, \(used) used, \(time)",
            "\(decided)/\(given) photos, \(used) used, \(time)",
            "\(decided)/\(given), \(used) used",
            "\(decided)/\(given)",
        ]
        let fitting = candidates.first { $0.count <= limit } ?? String(candidates[candidates.count - 1].prefix(limit))
        return fitting
    }

    /// The line drawn over the previous one: carriage return, text, and the rest of the line
    /// erased, so a shorter line leaves nothing of a longer one behind.
    public func drawn(width: Int) -> String {
        "\r" + text(width: width) + ControlSequence.eraseToEndOfLine
    }

    /// Erases the progress line before the final lines, so the scrollback keeps none of it.
    public static let clear = "\r" + ControlSequence.eraseToEndOfLine

    /// "0.4s", "12.3s", "1m05s", "2h03m": a tenth of a second while it matters, then minutes.
    public static func format(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = max(0, seconds * 10 + attoseconds / 100_000_000_000_000_000)
        if tenths < 600 { return "\(tenths / 10).\(tenths % 10)s" }
        let whole = tenths / 10
        if whole < 3600 { return "\(whole / 60)m" + twoDigits(whole % 60) + "s" }
        return "\(whole / 3600)h" + twoDigits(whole % 3600 / 60) + "m"
    }

    private static func twoDigits(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
