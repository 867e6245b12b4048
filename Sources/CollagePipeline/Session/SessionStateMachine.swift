/// The booth's session rules, free of tasks, files and clocks so they can be tested with values:
/// the open batch's photos, when it is complete, what a removal does, the next number, and when
/// the open collage is saved again (at most once per throttle window).
///
/// A batch is complete when it holds `limit` photos, when `timeout` passes without a new photo
/// (a group took two shots and left: its strip prints with two, and the next group starts a
/// strip of its own), or when the operator asks to finish it now (SIGUSR1, `collage finish`).
/// A photo removed before its batch is complete leaves it (a retake): the batch is made again
/// from the photos left, as they were decoded; left with none, its collage is withdrawn. Once a
/// batch is complete it may be printed or on the screen: a removal changes nothing, and says so.
///
/// ```
/// var machine = SessionStateMachine<String, ContinuousClock.Instant>(limit: 4, timeout: .seconds(60), batch: 1)
/// machine.arrived("a.jpg")                // [.read("a.jpg")]
/// machine.taken("a.jpg", at: now)         // [.show(batch: 1, photos: ["a.jpg"]), .wake(at: now + 60 s)]
/// machine.woke(at: now + .seconds(60))    // [.complete(batch: 1, photos: ["a.jpg"], because: .timeout, next: 2)]
/// ```
struct SessionStateMachine<Photo: SessionPhoto, Instant: InstantProtocol>: Sendable where Instant: Sendable {
    typealias Name = Photo.Name

    /// Why a batch was completed.
    enum Completion: Sendable, Equatable {
        /// It holds its cells' worth of photos.
        case full
        /// No photo came for the timeout.
        case timeout
        /// The operator asked (SIGUSR1, `collage finish`).
        case finishNow
    }

    /// What the driver must do, in order, after an input.
    enum Action: Sendable {
        /// Read this file through the chain and say what it gave (`taken`, `replaced`, `refused`,
        /// `removedWhileRead`) before anything else.
        case read(Name)
        /// Save the open batch as it is now; it is not complete.
        case show(batch: Int, photos: [Photo])
        /// Save `photos` as batch `batch`'s final collage; the next photo starts batch `next`.
        case complete(batch: Int, photos: [Photo], because: Completion, next: Int)
        /// A photo left the open batch, which is made again with `left` photos (a `show` or a
        /// `withdraw` follows).
        case rebuilt(batch: Int, removed: Name, left: Int)
        /// The open batch has no photo left: its collage, if saved, goes from the disk, the
        /// screen and the journal.
        case withdraw(batch: Int)
        /// The removed photo is in a completed collage, which stays as it is.
        case unchanged(Name, batch: Int)
        /// Finish now with nothing open: nothing to complete.
        case nothingToFinish(batch: Int)
        /// Wake the machine (`woke(at:)`) at this instant, instead of any earlier wake-up.
        case wake(at: Instant)
        /// The source ended: save the open batch as it is, and for good (its last save failed
        /// or waited for the throttle's window).
        case last(batch: Int, photos: [Photo])
    }

    /// The open batch: its number, its photos in order, when it completes unless a photo comes,
    /// and the photos of a restarted booth's collage still to be read again.
    struct Open: Sendable {
        var batch: Int
        var photos: [Photo] = []
        var deadline: Instant?
        var resuming: [Name] = []
        var missing: [Name] = []
    }

    let limit: Int
    let timeout: Instant.Duration?
    let interval: Instant.Duration
    private(set) var open: Open
    /// Every photo in a completed batch, with its batch's number.
    private(set) var completed: [Name: Int] = [:]
    private let nextBatch: @Sendable (Int) -> Int
    /// When the open batch is shown again (`throttle(for:clock:)`'s rules: a change at once,
    /// then the newest at the end of each window); an element is a change waiting.
    private var throttle: ThrottleStateMachine<Bool, Instant>
    /// The last save failed: the next change, or the source's end, saves again.
    private var failed = false
    /// The wake-up asked for last.
    private var armed: Instant?

    /// `resuming`: the open batch's photos a restarted booth reads again; `gone`: those of its
    /// photos that left the folder while it was stopped; `completed`: the photos of the collages
    /// its journal says are complete.
    init(limit: Int, timeout: Instant.Duration?, interval: Instant.Duration = .zero, batch: Int, resuming: [Name] = [], gone: [Name] = [],
         completed: [Name: Int] = [:], nextBatch: @escaping @Sendable (Int) -> Int = { $0 + 1 }) {
        precondition(limit > 0, "a batch holds at least one photo")
        self.limit = limit
        self.timeout = timeout
        self.interval = interval
        self.throttle = ThrottleStateMachine(interval: interval)
        self.open = Open(batch: batch, resuming: resuming, missing: gone)
        self.completed = completed
        self.nextBatch = nextBatch
    }

    /// The session starts: the resumed photos are read again first (with none left, the
    /// collage is withdrawn at once).
    mutating func started(at now: Instant) -> [Action] {
        open.resuming.isEmpty ? resumedAll(at: now) : open.resuming.map(Action.read)
    }

    /// A file came into the folder. Under the name of a photo of the open batch (a retake copied
    /// or renamed over it), the old one leaves first.
    mutating func arrived(_ name: Name, at now: Instant) -> [Action] {
        let leaving = open.photos.contains { $0.name == name } ? removed(name, at: now) : []
        return leaving + [.read(name)]
    }

    /// The chain took `photo` into the open batch.
    mutating func taken(_ photo: Photo, at now: Instant) -> [Action] {
        open.photos.append(photo)
        if resumed(photo.name) { return resumedAll(at: now) }
        if open.photos.count >= limit { return completeOpen(.full) }
        return changed(at: now, arming: true)
    }

    /// The chain put `photo` in the place of the photo named `name` (a better copy).
    mutating func replaced(_ name: Name, by photo: Photo, at now: Instant) -> [Action] {
        guard let index = open.photos.firstIndex(where: { $0.name == name }) else { return taken(photo, at: now) }
        open.photos[index] = photo
        return changed(at: now, arming: false)
    }

    /// The chain refused the file: only a resumed photo's refusal changes anything.
    mutating func refused(_ name: Name, at now: Instant) -> [Action] {
        guard resumed(name) else { return [] }
        open.missing.append(name)
        return resumedAll(at: now)
    }

    /// The chain took a photo already removed from the folder: it is a removal first, applied
    /// before it can complete anything.
    mutating func removedWhileRead(_ name: Name, at now: Instant) -> [Action] {
        if resumed(name) {
            open.missing.append(name)
            return resumedAll(at: now)
        }
        return [.rebuilt(batch: open.batch, removed: name, left: open.photos.count)] + remade(at: now)
    }

    /// A photo was removed from the watched folder.
    mutating func removed(_ name: Name, at now: Instant) -> [Action] {
        if let index = open.photos.firstIndex(where: { $0.name == name }) {
            open.photos.remove(at: index)
            return [.rebuilt(batch: open.batch, removed: name, left: open.photos.count)] + remade(at: now)
        }
        if let batch = completed[name] { return [.unchanged(name, batch: batch)] }
        return []
    }

    /// The operator asks to complete the open batch now.
    mutating func finishNow() -> [Action] {
        guard !open.photos.isEmpty else { return [.nothingToFinish(batch: open.batch)] }
        return completeOpen(.finishNow)
    }

    /// A wake-up came (asked for by `.wake(at:)`, or an earlier one: then nothing).
    mutating func woke(at now: Instant) -> [Action] {
        armed = nil
        if let deadline = open.deadline, now >= deadline, !open.photos.isEmpty { return completeOpen(.timeout) }
        return shown(throttle.windowEnded(at: now))
    }

    /// A save of the open batch failed: the next change, or the source's end, saves again.
    mutating func saveFailed() {
        failed = true
    }

    /// The source ended.
    mutating func ended() -> [Action] {
        let waiting = if case .finish(true?) = throttle.upstreamFinished() { true } else { false }
        guard waiting || failed, !open.photos.isEmpty else { return [] }
        failed = false
        return [.last(batch: open.batch, photos: open.photos)]
    }

    /// Whether `name` was one of the resumed photos still to be read again (then it is read).
    private mutating func resumed(_ name: Name) -> Bool {
        guard let index = open.resuming.firstIndex(of: name) else { return false }
        open.resuming.remove(at: index)
        return true
    }

    /// Once every resumed photo was read again: the collage's file already shows them, unless
    /// some are gone (deleted while the booth was stopped), then it is made again without them.
    private mutating func resumedAll(at now: Instant) -> [Action] {
        guard open.resuming.isEmpty else { return [] }
        let missing = open.missing
        open.missing = []
        arm(at: now)
        if missing.isEmpty { return wake() }
        var left = open.photos.count + missing.count
        let rebuilt = missing.map { name in
            left -= 1
            return Action.rebuilt(batch: open.batch, removed: name, left: left)
        }
        return rebuilt + remade(at: now)
    }

    /// After a removal: the batch saved again with the photos left, or withdrawn with none.
    private mutating func remade(at now: Instant) -> [Action] {
        guard open.photos.isEmpty else { return changed(at: now, arming: false) }
        (open.deadline, throttle, failed) = (nil, ThrottleStateMachine(interval: interval), false)
        return [.withdraw(batch: open.batch)] + wake()
    }

    /// The open batch changed: shown now, or at the end of the throttle's window.
    private mutating func changed(at now: Instant, arming: Bool) -> [Action] {
        if arming { arm(at: now) }
        return shown(throttle.received(true, at: now))
    }

    /// What the throttle says: show the open batch now, or nothing yet.
    private mutating func shown(_ action: ThrottleStateMachine<Bool, Instant>.Action) -> [Action] {
        guard case .emit = action else { return wake() }
        failed = false
        return [.show(batch: open.batch, photos: open.photos)] + wake()
    }

    /// Sets the batch's deadline: `timeout` from `now`, as if the newest photo had just come.
    private mutating func arm(at now: Instant) {
        if let timeout, !open.photos.isEmpty { open.deadline = now.advanced(by: timeout) }
    }

    /// The wake-up the machine needs next (the deadline, or the end of a window with a change
    /// waiting), when it is not the one asked for already.
    private mutating func wake() -> [Action] {
        let window: Instant? = if case .throttling(let end, true?) = throttle.state { end } else { nil }
        let next = [open.photos.isEmpty ? nil : open.deadline, window].compactMap(\.self).min()
        guard let next, next != armed else { return [] }
        armed = next
        return [.wake(at: next)]
    }

    private mutating func completeOpen(_ reason: Completion) -> [Action] {
        let done = open
        for photo in done.photos { completed[photo.name] = done.batch }
        let next = nextBatch(done.batch)
        open = Open(batch: next)
        (throttle, failed) = (ThrottleStateMachine(interval: interval), false)
        return [.complete(batch: done.batch, photos: done.photos, because: reason, next: next)]
    }
}

extension SessionStateMachine.Action: Equatable where Photo: Equatable {}

/// What the session machine needs of a photo: its name, the folder's key for it.
protocol SessionPhoto: Sendable {
    associatedtype Name: Hashable & Sendable
    var name: Name { get }
}
