public import CollageFiles
internal import CollageCore

/// What a watch session is told besides the photos that arrive: the operator's "finish now"
/// (SIGUSR1, `collage finish`) and photos removed from the watched folder (a retake). The
/// session's `BatchStateMachine` decides what each one changes.
public final class SessionCommands: Sendable {
    public enum Command: Sendable, Equatable {
        /// Complete the open collage with the photos it has.
        case finishNow
        /// This photo left the watched folder.
        case removed(PhotoFile)
    }

    let stream: AsyncStream<Command>
    private let continuation: AsyncStream<Command>.Continuation

    public init() {
        (stream, continuation) = AsyncStream.makeStream(of: Command.self)
    }

    public func send(_ command: Command) {
        continuation.yield(command)
    }
}

/// One thing a session reads, in the order it happened: a file, a command, or the wake-up the
/// batch timeout asked for.
enum SessionInput: Sendable, Equatable {
    case file(PhotoFile)
    case command(SessionCommands.Command)
    case deadline

    var file: PhotoFile? {
        if case .file(let file) = self { return file }
        return nil
    }
}

/// Why a batch's source ended before the folder's did: what the session does next.
enum BatchEnding: Sendable, Equatable {
    /// Complete the batch with the photos it has (timeout, finish now).
    case complete(because: String)
    /// A photo left the open batch: make the collage again without it.
    case rebuild(without: PathName)
}
