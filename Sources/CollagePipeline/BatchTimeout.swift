/// `--batch-timeout`: how long a booth's collage may wait for its next photo before it is
/// completed with the photos it has. Typed as seconds (`90`, `90s`), minutes (`2m`, `1.5m`),
/// hours (`1h`) or milliseconds (`500ms`): more than nothing, at most a day.
public struct BatchTimeout: Hashable, Sendable {
    public let duration: Duration

    public static let longest = Duration.seconds(24 * 3600)

    public init(parsing text: String) throws(BatchTimeoutError) {
        let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600), ("", 1)]
        guard let unit = units.first(where: { text.hasSuffix($0.suffix) }), let value = Double(text.dropLast(unit.suffix.count)),
              value.isFinite, value > 0, value * unit.seconds <= 24 * 3600 else {
            throw BatchTimeoutError(text: text)
        }
        duration = .milliseconds(Int64((value * unit.seconds * 1000).rounded()))
        guard duration > .zero else { throw BatchTimeoutError(text: text) }
    }
}

/// Why a `--batch-timeout` was refused, in one line naming it.
public struct BatchTimeoutError: Error, Hashable, Sendable, CustomStringConvertible {
    public let text: String

    public var description: String {
        "bad batch timeout '\(text)': give seconds (90 or 90s), minutes (2m, 1.5m), hours (1h) or milliseconds (500ms), more than 0 and at most 24h"
    }
}
