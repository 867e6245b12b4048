internal import Dispatch
public import CollageCore
public import CollageWriting

/// Prints collages with the operator's `--print` command: one at a time, in the order asked,
/// each run on its own queue off the cooperative pool so the caller only awaits the outcome;
/// bounded by a timeout, its exit status checked, retried as `retry` says (the policy a failed
/// save is retried with), waiting on `clock`.
public actor Printer {
    /// Runs one print command's words with a timeout: `CommandRun` by default; a recording in tests.
    public typealias Run = @Sendable (_ arguments: [[UInt8]], _ timeout: Duration) async -> PrintFailure?

    nonisolated public let command: PrintCommand
    nonisolated public let copies: Int
    nonisolated public let timeout: Duration
    nonisolated public let retry: RetryPolicy
    nonisolated private let clock: any Clock<Duration>
    nonisolated private let runCommand: Run?
    private let queue = DispatchQueue(label: "collage.printer")

    public init(command: PrintCommand, copies: Int, timeout: Duration, retry: RetryPolicy = .standard,
                clock: any Clock<Duration> = ContinuousClock(), run: Run? = nil) {
        self.command = command
        self.copies = copies
        self.timeout = timeout
        self.retry = retry
        self.clock = clock
        self.runCommand = run
    }

    /// Prints `path`; each failed attempt goes to `failed` with the wait before the next one (nil
    /// after the last). Returns the last failure, or nil once printed.
    public func print(_ path: PathName, failed: @Sendable (PrintFailure, Duration?) -> Void) async -> PrintFailure? {
        let arguments = command.arguments(path: path.bytes, copies: copies)
        var last: PrintFailure?
        do {
            let result = try await retry.run(on: clock) { () async -> Result<Void, PrintFailure> in
                last = await run(arguments)
                return last.map { .failure($0) } ?? .success(())
            } failed: { failure, retryIn in
                failed(failure, retryIn)
            }
            guard case .failure(let failure) = result else { return nil }
            failed(failure, nil)
            return failure
        } catch {
            // Cancelled while waiting to try again: the last failure stands.
            if let last { failed(last, nil) }
            return last
        }
    }

    private func run(_ arguments: [[UInt8]]) async -> PrintFailure? {
        let timeout = self.timeout
        if let runCommand { return await runCommand(arguments, timeout) }
        return await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: CommandRun.run(arguments, timeout: timeout)) }
        }
    }
}
