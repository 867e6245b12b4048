/// One thing a booth needs before its first guest, as found: `collage check` prints one line per
/// check, and `watch` acts on what it finds at start (`Preflight.atStart`).
public struct PreflightCheck: Sendable, Equatable {
    public enum Outcome: String, Sendable {
        /// Nothing to do.
        case ready
        /// The booth runs and prints, but look: room for fewer than a day's collages, a printer
        /// holding its jobs, a URL guests' phones may not reach. `check` is still ready.
        case warning
        /// The booth would not start (`watch` refuses to), or would fail a guest (a printer
        /// refusing jobs): `check` is not ready.
        case failed
    }

    /// What was checked: `print`, `printer`, `output`, `room`, `decorations`, `public-url`, `port`, `key`.
    public let name: String
    public let outcome: Outcome
    /// What was found, in a line.
    public let detail: String

    public init(_ name: String, _ outcome: Outcome, _ detail: String) {
        self.name = name
        self.outcome = outcome
        self.detail = detail
    }
}
