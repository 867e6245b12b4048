/// How often a session's final collage is tried again before the run gives up: a full disk or
/// a folder being remounted may come back within seconds, and an unattended booth should not
/// lose the collage it just completed to the first failure.
public struct SaveRetry: Sendable, Equatable {
    /// Attempts in all, the first included.
    public var attempts: Int
    /// The wait before the second attempt; each later wait is twice the one before.
    public var firstDelay: Duration

    /// Four attempts over 3.5 seconds: 0.5, 1 and 2 seconds apart.
    public static let standard = SaveRetry(attempts: 4, firstDelay: .milliseconds(500))

    public init(attempts: Int, firstDelay: Duration) {
        self.attempts = max(1, attempts)
        self.firstDelay = firstDelay
    }

    /// The wait after failed attempt `attempt` (1-based), or nil when it was the last.
    public func delay(after attempt: Int) -> Duration? {
        guard attempt < attempts else { return nil }
        return firstDelay * (1 << (attempt - 1))
    }
}
