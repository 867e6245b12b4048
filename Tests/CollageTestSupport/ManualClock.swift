internal import CollageLocking

/// A clock that moves only when a test says so: sleepers wake when `advance` passes their
/// deadline, so timed behaviour is asserted in virtual time, never with real sleeps.
public final class ManualClock: Clock, Sendable {
    public struct Instant: InstantProtocol, CustomStringConvertible {
        public var offset: Duration

        public init(_ offset: Duration) { self.offset = offset }
        public func advanced(by duration: Duration) -> Instant { Instant(offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (a: Instant, b: Instant) -> Bool { a.offset < b.offset }
        public var description: String { "\(offset)" }
    }

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(.zero)
        var sleepers: [Sleeper] = []
        var nextID = 0
        var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        /// The watchers whose count of sleepers is reached, removed from the list.
        mutating func takeWatchers() -> [CheckedContinuation<Void, Never>] {
            let ready = watchers.filter { $0.count <= sleepers.count }.map(\.continuation)
            watchers.removeAll { $0.count <= sleepers.count }
            return ready
        }
    }

    private let state = Locked(State())

    public init() {}

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .zero }

    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // Cancelled before this point, the handler below found no sleeper to wake: the
                // sleep must not begin, or it would never end.
                let (resumeNow, watchers) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
                    if deadline <= state.now || Task.isCancelled { return (true, []) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return (false, state.takeWatchers())
                }
                if resumeNow { continuation.resume() }
                for watcher in watchers { watcher.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { state in
                state.sleepers.firstIndex { $0.id == id }.map { state.sleepers.remove(at: $0) }
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
        try Task.checkCancellation()
    }

    /// The deadlines the tasks asleep on this clock wait for, earliest first: a test checks what
    /// a timed wait is for before it advances time to end it.
    public var deadlines: [Instant] { state.withLock { $0.sleepers.map(\.deadline).sorted() } }

    /// Returns once at least `count` tasks are asleep on this clock: a test can then advance
    /// time knowing the sleep it means to end has begun, without a real wait.
    public func untilSleeping(_ count: Int = 1) async {
        await withCheckedContinuation { (watcher: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if state.sleepers.count >= count { return true }
                state.watchers.append((count, watcher))
                return false
            }
            if ready { watcher.resume() }
        }
    }

    /// Moves time forward and wakes every sleeper whose deadline has come, earliest first.
    public func advance(by duration: Duration) {
        let woken = state.withLock { state in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }
}

