/// A duration as typed, one syntax for every option that takes one (`--throttle`,
/// `--batch-timeout`, `--print-timeout`, `--serve-idle-timeout`, and their keys in a settings
/// file): a number of seconds (`90`, `0.5`), or a number and its unit, `500ms`, `90s`, `2m`,
/// `1.5m`, `1h`; rounded to the millisecond. Each option checks its own range (a sign is read, so
/// that `-1` is refused by it, with the range in its line).
public enum DurationText {
    /// The longest duration read: beyond it the milliseconds would not fit in 64 bits.
    static let longestSeconds = 1e12

    /// The duration `text` says; nil for anything else: a space, another unit, a number that is
    /// not finite or too large.
    public static func parse(_ text: String) -> Duration? {
        let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600), ("", 1)]
        guard let unit = units.first(where: { text.hasSuffix($0.suffix) }), let value = Double(text.dropLast(unit.suffix.count)),
              value.isFinite, abs(value * unit.seconds) <= longestSeconds else {
            return nil
        }
        return .milliseconds(Int64((value * unit.seconds * 1000).rounded()))
    }
}
