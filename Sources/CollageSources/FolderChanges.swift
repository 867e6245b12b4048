internal import CollageCore
internal import CollageFiles
internal import CollageLocking

/// The watched folder's changes that the reader has not taken yet, as one ordered sequence.
///
/// The reader pulls; until it takes an arrival, a newer one of the same name replaces it (only
/// the newest is handed on), and a photo gone before it was taken is never mentioned. What was
/// taken is remembered as the file was at that instant, so a change found later that leaves
/// that very file in place (a rewrite the reader got already) is not handed on either.
/// Single reader.
public final class FolderChanges: AsyncSequence, Sendable {
    public typealias Element = FolderChange
    public typealias Failure = Never

    fileprivate struct State {
        var pending: [FolderChange] = []
        /// Per name taken as arrived and not gone since: the file as it was when taken.
        var taken: [PathName: FileIdentity?] = [:]
        var reader: CheckedContinuation<FolderChange?, Never>?
        var emptied: CheckedContinuation<Void, Never>?
        var finished = false
    }

    private let state = Locked(State())

    public init() {}

    /// A change found in the folder, in the order found.
    func add(_ change: FolderChange) {
        let path = change.file.path
        let now = FileIdentity.of(path)
        let handed = state.withLock { state -> (CheckedContinuation<FolderChange?, Never>, FolderChange)? in
            guard !state.finished else { return nil }
            let waiting = state.pending.firstIndex { if case .arrived(let file) = $0 { file.path == path } else { false } }
            if let waiting { state.pending.remove(at: waiting) }
            switch change {
            case .arrived:
                if let taken = state.taken[path] {
                    // The reader has it as it is; or it has an older file under the name, gone first.
                    if taken != nil, taken == now { return nil }
                    state.pending.append(.gone(change.file))
                    state.taken[path] = nil
                }
                state.pending.append(change)
            case .gone:
                // Gone before it was taken; or never taken; or the file taken is still there.
                guard waiting == nil, let taken = state.taken[path], taken == nil || taken != now else { return nil }
                state.pending.append(change)
                state.taken[path] = nil
            }
            guard let reader = state.reader.take() else { return nil }
            return (reader, state.takeFirst())
        }
        handed.map { reader, change in reader.resume(returning: change) }
    }

    /// No change follows the ones pending.
    func finish() {
        let (reader, emptied) = state.withLock { state in
            state.finished = true
            return (state.pending.isEmpty ? state.reader.take() : nil, state.pending.isEmpty ? state.emptied.take() : nil)
        }
        reader?.resume(returning: nil)
        emptied?.resume()
    }

    /// Returns once the reader has taken every change pending, or at once if cancelled.
    func taken() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state in
                    if state.pending.isEmpty || Task.isCancelled { return true }
                    state.emptied = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.emptied.take() }?.resume()
        }
    }

    /// Abandons the changes no reader took.
    func abandon() {
        let reader = state.withLock { state in
            state.pending.removeAll()
            state.finished = true
            return state.reader.take()
        }
        reader?.resume(returning: nil)
    }

    func next() async -> FolderChange? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let (now, emptied): (FolderChange??, CheckedContinuation<Void, Never>?) = state.withLock { state in
                    if !state.pending.isEmpty {
                        let change = state.takeFirst()
                        return (.some(change), state.pending.isEmpty ? state.emptied.take() : nil)
                    }
                    if state.finished || Task.isCancelled { return (.some(nil), state.emptied.take()) }
                    state.reader = continuation
                    return (nil, nil)
                }
                emptied?.resume()
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            state.withLock { $0.reader.take() }?.resume(returning: nil)
        }
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        let changes: FolderChanges
        public mutating func next() async -> FolderChange? { await changes.next() }
        public mutating func next(isolation actor: isolated (any Actor)?) async -> FolderChange? { await changes.next() }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(changes: self) }
}

extension FolderChanges.State {
    /// The change handed to the reader now: an arrival is remembered as the file is now.
    fileprivate mutating func takeFirst() -> FolderChange {
        let change = pending.removeFirst()
        if case .arrived(let file) = change { taken[file.path] = .some(FileIdentity.of(file.path)) }
        return change
    }
}

extension Optional {
    fileprivate mutating func take() -> Wrapped? {
        defer { self = nil }
        return self
    }
}
