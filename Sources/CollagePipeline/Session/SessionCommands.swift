public import CollageFiles
#if canImport(Glibc)
internal import Glibc
#endif
internal import CollageCore
internal import CollageLocking

/// What a watch session is told besides the photos that arrive: the operator's "finish now"
/// (SIGUSR1, `collage finish`) and photos removed from the watched folder (a retake). The
/// session's `SessionStateMachine` decides what each one changes.
public final class SessionCommands: Sendable {
    public enum Command: Sendable, Equatable {
        /// Complete the open collage with the photos it has.
        case finishNow
        /// This photo left the watched folder.
        case removed(PhotoFile)
    }

    let stream: AsyncStream<Command>
    private let continuation: AsyncStream<Command>.Continuation
    /// Removals sent and not yet read from the stream, by name, and those of them a batch
    /// applied early (a photo removed while it was read): the stream's copy is then passed over.
    private let removals = Locked<(sent: [PathName: Int], applied: [PathName: Int])>(([:], [:]))

    public init() {
        (stream, continuation) = AsyncStream.makeStream(of: Command.self)
    }

    public func send(_ command: Command) {
        if case .removed(let file) = command { removals.withLock { $0.sent[file.path, default: 0] += 1 } }
        continuation.yield(command)
    }

    /// Whether `name` was removed, its removal not yet read, and no file has the name now: the
    /// photo (just read, or in the open batch) is gone, and must complete nothing. (A retake
    /// already saved under the name is left to the removal read in its turn.) True counts the
    /// removal as applied.
    func applyEarly(_ name: PathName) -> Bool {
        removals.withLock { removals in
            guard removals.sent[name, default: 0] > removals.applied[name, default: 0],
                  name.withCString({ access($0, F_OK) }) != 0 else { return false }
            removals.applied[name, default: 0] += 1
            return true
        }
    }

    /// A removal read from the stream: false when it was applied early already.
    func read(_ command: Command) -> Bool {
        guard case .removed(let file) = command else { return true }
        return removals.withLock { removals in
            removals.sent[file.path] = removals.sent[file.path].flatMap { $0 > 1 ? $0 - 1 : nil }
            guard let applied = removals.applied[file.path] else { return true }
            removals.applied[file.path] = applied > 1 ? applied - 1 : nil
            return false
        }
    }
}

/// One thing a session reads, in the order it happened: a file, a command, the wake-up the
/// session machine asked for, or the folder's end.
enum SessionInput: Sendable, Equatable {
    case file(PhotoFile)
    case command(SessionCommands.Command)
    case deadline
    case ended
}
