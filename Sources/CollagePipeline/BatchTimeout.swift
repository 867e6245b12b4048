internal import CollageCore

/// `--batch-timeout`: how long a booth's collage may wait for its next photo before it is
/// completed with the photos it has. Typed as every duration is (`DurationText`): seconds (`90`,
/// `90s`), minutes (`2m`, `1.5m`), hours (`1h`) or milliseconds (`500ms`): more than nothing, at
/// most a day.
public struct BatchTimeout: Hashable, Sendable {
    public let duration: Duration

    public static let longest = Duration.seconds(24 * 3600)

    public init(parsing text: String) throws(BatchTimeoutError) {
        guard let duration = DurationText.parse(text), duration > .zero, duration <= Self.longest else { throw BatchTimeoutError(text: text) }
        self.duration = duration
    }
}

/// Why a `--batch-timeout` was refused, in one line naming it.
public struct BatchTimeoutError: Error, Hashable, Sendable, CustomStringConvertible {
    public let text: String

    public var description: String {
        "bad batch timeout '\(text)': give seconds (90 or 90s), minutes (2m, 1.5m), hours (1h) or milliseconds (500ms), more than 0 and at most 24h"
    }
}
