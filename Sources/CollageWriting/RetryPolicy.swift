/// How often a failed save or print is tried again before the run gives up: a full disk, a
/// folder being remounted or a printer waking up may come back within seconds, and an
/// unattended booth should not lose what it just completed to the first failure. One value for
/// both: `WatchSession` retries a session's final collage with it, `Printer` each print.
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts in all, the first included.
    public var attempts: Int
    /// The wait before the second attempt; each later wait is twice the one before.
    public var firstDelay: Duration

    /// Four attempts over 3.5 seconds: 0.5, 1 and 2 seconds apart.
    public static let standard = RetryPolicy(attempts: 4, firstDelay: .milliseconds(500))

    public init(attempts: Int, firstDelay: Duration) {
        self.attempts = max(1, attempts)
        self.firstDelay = firstDelay
    }

    /// The wait after failed attempt `attempt` (1-based), or nil when it was the last.
    public func delay(after attempt: Int) -> Duration? {
        guard attempt < attempts else { return nil }
        return firstDelay * (1 << (attempt - 1))
    }

    /// Runs `attempt` until it succeeds or the attempts are spent, waiting on `clock` between
    /// them; each failure that another attempt follows goes to `failed` with the wait before it.
    /// Returns the last attempt's result. What `attempt` throws (a cancellation) ends it at
    /// once, as does a cancelled wait.
    ///
    /// ```
    /// let result = try await RetryPolicy.standard.run(on: clock) { try await save() } failed: { error, retryIn in report(error, retryIn) }
    /// ```
    public func run<Value, Failure: Error>(
        isolation: isolated (any Actor)? = #isolation, on clock: some Clock<Duration>,
        _ attempt: () async throws -> Result<Value, Failure>, failed: (Failure, Duration) -> Void
    ) async throws -> Result<Value, Failure> {
        var count = 1
        while true {
            let result = try await attempt()
            guard case .failure(let failure) = result, let delay = delay(after: count) else { return result }
            failed(failure, delay)
            try await clock.sleep(for: delay)
            count += 1
        }
    }
}
