/// The session rules of a collage being filled, free of tasks, files and clocks so they can be
/// tested with values: when a booth's strip is complete, and what a deleted photo changes.
///
/// A batch is complete when it holds `limit` photos, when `timeout` passes without a new photo
/// (a group took two shots and left: its strip prints with two, and the next group starts a
/// strip of its own), or when the operator asks to finish it now (SIGUSR1, `collage finish`).
/// A photo removed before its batch is complete leaves it (a retake): the batch is rebuilt
/// without it. Once a batch is complete it may be printed or on the screen: a removal changes
/// nothing, and says so.
///
/// ```
/// var machine = BatchStateMachine<String, ContinuousClock.Instant>(limit: 4, timeout: .seconds(60), batch: 1)
/// machine.added("a.jpg", at: now)            // .wait(until: now + 60 s)
/// machine.deadlinePassed(at: now + .seconds(60)) // .complete(batch: 1, photos: ["a.jpg"], because: .timeout)
/// ```
struct BatchStateMachine<Name: Hashable & Sendable, Instant: InstantProtocol>: Sendable where Instant: Sendable {
    /// Why a batch was completed.
    enum Completion: Sendable, Equatable {
        /// It holds its cells' worth of photos.
        case full
        /// No photo came for the timeout.
        case timeout
        /// The operator asked (SIGUSR1, `collage finish`).
        case finishNow
    }

    /// What the driver must do after an event.
    enum Action: Sendable, Equatable {
        case none
        /// Wake the machine at this instant (`deadlinePassed`), instead of any earlier wake-up.
        case wait(until: Instant)
        /// Save `photos` as batch `batch`'s final collage; the next photo starts batch `next`.
        case complete(batch: Int, photos: [Name], because: Completion, next: Int)
        /// A photo left the open batch: save it again with the photos that remain (none: the
        /// batch is empty again, as after the app's Clear).
        case rebuild(batch: Int, photos: [Name], removed: Name)
        /// The removed photo is in a completed collage, which stays as it is.
        case unchanged(Name, batch: Int)
        /// Finish now with nothing open: nothing to complete.
        case nothingToFinish(batch: Int)
    }

    /// The open batch: its number, its photos in order, and when it completes unless a photo comes.
    struct Open: Sendable, Equatable {
        var batch: Int
        var photos: [Name]
        var deadline: Instant?
    }

    let limit: Int
    let timeout: Instant.Duration?
    private(set) var open: Open
    /// Every photo in a completed batch, with its batch's number.
    private(set) var completed: [Name: Int] = [:]
    private let nextBatch: @Sendable (Int) -> Int

    /// `photos`: the open batch's photos a restarted booth resumes with; `completed`: the photos
    /// of the collages its journal says are complete.
    init(limit: Int, timeout: Instant.Duration?, batch: Int, photos: [Name] = [], completed: [Name: Int] = [:],
         nextBatch: @escaping @Sendable (Int) -> Int = { $0 + 1 }) {
        precondition(limit > 0, "a batch holds at least one photo")
        self.limit = limit
        self.timeout = timeout
        self.open = Open(batch: batch, photos: photos, deadline: nil)
        self.completed = completed
        self.nextBatch = nextBatch
    }

    /// The journal's photos are resumed: wait from `now` as if the newest had just arrived.
    mutating func resumed(at now: Instant) -> Action {
        guard !open.photos.isEmpty else { return .none }
        return armed(at: now)
    }

    /// A photo was taken into the open batch.
    mutating func added(_ name: Name, at now: Instant) -> Action {
        open.photos.append(name)
        if open.photos.count >= limit { return completeOpen(.full) }
        return armed(at: now)
    }

    /// The wake-up asked for by `.wait(until:)` has come (or an earlier one: then nothing).
    mutating func deadlinePassed(at now: Instant) -> Action {
        guard let deadline = open.deadline, now >= deadline, !open.photos.isEmpty else { return .none }
        return completeOpen(.timeout)
    }

    /// The operator asks to complete the open batch now.
    mutating func finishNow() -> Action {
        guard !open.photos.isEmpty else { return .nothingToFinish(batch: open.batch) }
        return completeOpen(.finishNow)
    }

    /// A photo was removed from the watched folder.
    mutating func removed(_ name: Name) -> Action {
        if let index = open.photos.firstIndex(of: name) {
            open.photos.remove(at: index)
            if open.photos.isEmpty { open.deadline = nil }
            return .rebuild(batch: open.batch, photos: open.photos, removed: name)
        }
        if let batch = completed[name] { return .unchanged(name, batch: batch) }
        return .none
    }

    private mutating func armed(at now: Instant) -> Action {
        guard let timeout else { return .none }
        let deadline = now.advanced(by: timeout)
        open.deadline = deadline
        return .wait(until: deadline)
    }

    private mutating func completeOpen(_ reason: Completion) -> Action {
        let done = open
        for photo in done.photos { completed[photo] = done.batch }
        let next = nextBatch(done.batch)
        open = Open(batch: next, photos: [], deadline: nil)
        return .complete(batch: done.batch, photos: done.photos, because: reason, next: next)
    }
}
