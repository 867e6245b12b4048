/// One thing a booth needs before its first guest, as found: `collage check` prints one line per
/// check, and `watch` acts on what it finds at start (`Preflight.atStart`).
public struct PreflightCheck: Sendable, Equatable {
    public enum Outcome: String, Sendable {
        /// Nothing to do.
        case ready
        /// The booth can run, but a guest may meet it (a printer not accepting jobs yet).
        case warning
        /// The booth would fail a guest: `watch` refuses to start.
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
