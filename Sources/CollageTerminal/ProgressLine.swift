/// The one-line progress display of `build` and `inspect`: photos decided out of those given,
/// how many are used so far, time elapsed. Pure: the caller owns the clock and the stream.
public struct ProgressLine: Sendable, Equatable {
    public var decided: Int
    public var given: Int
    public var used: Int
    public var elapsed: Duration

    public init(decided: Int, given: Int, used: Int, elapsed: Duration) {
        self.decided = decided
        self.given = given
        self.used = used
        self.elapsed = elapsed
    }

    /// The longest wording that fits in `width` columns, shorter ones as the terminal narrows.
    /// One column is left free: a line that reaches the last column makes some terminals wrap.
    public func text(width: Int) -> String {
        let limit = max(0, width - 1)
        let time = Self.format(elapsed)
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
