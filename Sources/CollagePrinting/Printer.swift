internal import Dispatch
public import CollageCore
public import CollagePipeline

/// Prints collages with the operator's `--print` command: one at a time, in the order asked,
/// each run on its own queue off the cooperative pool so the caller only awaits the outcome;
/// bounded by a timeout, its exit status checked, retried like a failed save (0.5, 1, 2 s).
public actor Printer {
    nonisolated public let command: PrintCommand
    nonisolated public let copies: Int
    nonisolated public let timeout: Duration
    nonisolated public let retry: SaveRetry
    private let queue = DispatchQueue(label: "collage.printer")

    public init(command: PrintCommand, copies: Int, timeout: Duration, retry: SaveRetry = .standard) {
        self.command = command
        self.copies = copies
        self.timeout = timeout
        self.retry = retry
    }

    /// Prints `path`; each failed attempt goes to `failed` with the wait before the next one (nil
    /// after the last). Returns the last failure, or nil once printed.
    public func print(_ path: PathName, failed: @Sendable (PrintFailure, Duration?) -> Void) async -> PrintFailure? {
        let arguments = command.arguments(path: path.bytes, copies: copies)
        var attempt = 1
        while true {
            let failure = await run(arguments)
            guard let failure else { return nil }
            let delay = retry.delay(after: attempt)
            failed(failure, delay)
            guard let delay else { return failure }
            try? await Task.sleep(for: delay)
            attempt += 1
        }
    }

    private func run(_ arguments: [[UInt8]]) async -> PrintFailure? {
        let timeout = self.timeout
        return await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: CommandRun.run(arguments, timeout: timeout)) }
        }
    }
}
