internal import CollageBooth

/// Runs `body` with the process's signals as stop requests, the way every run hears them: the
/// first SIGINT, SIGTERM or SIGHUP asks for a clean stop, a second one for an immediate one;
/// with `finishingBatches`, each SIGUSR1 (`collage finish`) asks a booth to complete its open
/// collage. The signals are trapped until `body` returns.
func withStopRequests<Value>(finishingBatches: Bool = false, _ body: (AsyncStream<StopRequest>) async throws -> Value) async rethrows -> Value {
    let (stop, requests) = AsyncStream.makeStream(of: StopRequest.self)
    let signals = SignalTrap(first: { requests.yield(.finish(signal: $0)) }, again: { _ in requests.yield(.now) })
    // Heard from the start: `collage finish` may ask as soon as the booth's lock names it; the
    // request waits for the session.
    let finishing = finishingBatches ? FinishSignal { requests.yield(.finishBatch) } : nil
    defer { withExtendedLifetime((signals, finishing)) {} }
    return try await body(stop)
}
