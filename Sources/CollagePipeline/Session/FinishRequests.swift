/// The operator's "finish now" (SIGUSR1, `collage finish`), as a session hears it beside the
/// folder's changes: the session's `SessionStateMachine` completes the open collage, once the
/// file being read (if any) is in it.
public final class FinishRequests: Sendable {
    let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    public init() {
        (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    }

    /// Asks the session to complete its open collage now.
    public func send() {
        continuation.yield()
    }
}
