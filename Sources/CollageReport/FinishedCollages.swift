public import CollageEvents
public import CollageCore
internal import CollageSources
internal import CollageLocking
internal import CollageFiles

/// The collages the run leaves behind, each printed on stdout once it is final: complete (its
/// `saved` event says so), or the last one written when the run stops early.
public final class FinishedCollages: Sendable {
    private let printing: Bool
    private let state = Locked<(open: PathName?, all: [PathName])>((nil, []))

    public init(printing: Bool) {
        self.printing = printing
    }

    public var all: [PathName] { state.withLock { $0.all } }

    public func note(_ event: PipelineEvent) {
        if case .withdrawn(let path, _) = event {
            state.withLock { state in if state.open == path { state.open = nil } }
            return
        }
        guard case .saved(let saved, _, _, let complete) = event, let path = saved.destination.path else { return }
        if complete {
            state.withLock { state in
                state.open = nil
                state.all.append(path)
            }
            if printing { Console.standardOutput.line(bytes: path.bytes) }
        } else {
            state.withLock { $0.open = path }
        }
    }

    /// The last collage written, if the run ends before it is complete and it is still there
    /// (its folder may have vanished since: a save that failed after it says nothing of it).
    public func printRemaining() {
        guard let path = state.withLock({ state -> PathName? in
            defer { state.open = nil }
            guard let open = state.open, FileIdentity.exists(open) else { return nil }
            state.all.append(open)
            return open
        }) else { return }
        if printing { Console.standardOutput.line(bytes: path.bytes) }
    }
}
