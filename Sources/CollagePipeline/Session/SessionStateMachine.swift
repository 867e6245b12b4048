/// The booth's session rules, free of tasks, files and clocks so they can be tested with values:
/// the open batch's photos, the file being read and what waits for it, when a batch is complete,
/// what a photo gone from the folder does, the next number, and when the open collage is saved
/// again (at most once per throttle window).
///
/// A batch is complete when it holds `limit` photos, when `timeout` passes without a new photo
/// (a group took two shots and left: its strip prints with two, and the next group starts a
/// strip of its own), or when the operator asks to finish it now (SIGUSR1, `collage finish`).
///
/// The folder's changes come in the order they happened, one file read at a time. While a file
/// is read, what comes waits for its result, in order (arrivals, finish now, the timeout), but a
/// photo gone applies at once: the file being read is dropped (its result is never taken), and a
/// shot of the open batch leaves it before the read's result can complete it. A photo gone before
/// its batch is complete leaves it (a retake): the batch is made again from the photos left, as
/// they were decoded; left with none, its collage is withdrawn. Once a batch is complete it may
/// be printed or on the screen: a photo gone changes nothing, and says so.
///
/// ```
/// var machine = SessionStateMachine<String, ContinuousClock.Instant>(limit: 4, timeout: .seconds(60), batch: 1)
/// machine.arrived("a.jpg", at: now)                       // [.read("a.jpg")]
/// machine.read("a.jpg", .taken("a.jpg"), at: now)         // [.show(batch: 1, photos: ["a.jpg"]), .wake(at: now + 60 s)]
/// machine.woke(at: now + .seconds(60))                    // [.complete(batch: 1, photos: ["a.jpg"], because: .timeout, next: 2)]
/// ```
struct SessionStateMachine<Photo: SessionPhoto, Instant: InstantProtocol>: Sendable where Instant: Sendable {
    typealias Name = Photo.Name

    /// The open batch: its number, its photos in order, when it completes unless a photo comes,
    /// and the photos of a restarted booth's collage still to be read again.
    struct Open: Sendable {
        var batch: Int
        var photos: [Photo] = []
        var deadline: Instant?
        var resuming: [Name] = []
        var missing: [Name] = []
    }

    /// The file being read, and whether it went from the folder meanwhile.
    struct Reading: Sendable, Equatable {
        let name: Name
        var gone = false
    }

    let limit: Int
    let timeout: Instant.Duration?
    let interval: Instant.Duration
    private(set) var open: Open
    /// Every photo in a completed batch, with its batch's number.
    private(set) var completed: [Name: Int] = [:]
    /// The file being read, if any: one at a time.
    private(set) var reading: Reading?
    /// What came while `reading`, taken in order once its result is.
    private(set) var waiting = SessionBacklog<Name>()
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

    /// The session starts: the resumed photos are read again first, one by one (with none left,
    /// the collage is made again or withdrawn at once).
    mutating func started(at now: Instant) -> [Action] {
        guard let first = open.resuming.first else { return resumedAll(at: now) }
        for name in open.resuming.dropFirst() { waiting.append(arrival: name, keepingEarlier: true) }
        reading = Reading(name: first)
        return [.read(first)]
    }

    /// A file came into the folder: read now, or once the file being read is done. Under the
    /// name of a photo of the open batch (a source that says nothing of the photo before), the
    /// old one leaves first.
    mutating func arrived(_ name: Name, at now: Instant) -> [Action] {
        if reading != nil {
            // Only the newest arrival of a name waits: it is read as the file is then. (A resumed
            // photo keeps its place: the collage is made again in its order.)
            waiting.append(arrival: name, keepingEarlier: open.resuming.contains(name))
            return []
        }
        let leaving = open.photos.contains { $0.name == name } ? gone(name, at: now) : []
        reading = Reading(name: name)
        return leaving + [.read(name)]
    }

    /// A photo left the folder (deleted, renamed away, or replaced under its name): the file
    /// being read is dropped; one waiting is never read; a photo of the open batch leaves it now.
    mutating func gone(_ name: Name, at now: Instant) -> [Action] {
        if reading?.name == name {
            reading?.gone = true
            return []
        }
        if waiting.removeArrivals(of: name) {
            return resumed(name) ? missed(name, at: now) : []
        }
        if let index = open.photos.firstIndex(where: { $0.name == name }) {
            open.photos.remove(at: index)
            // Resumed photos still to be read: the collage is made again once they are.
            if !open.resuming.isEmpty {
                open.missing.append(name)
                return []
            }
            return [.rebuilt(batch: open.batch, removed: name, left: open.photos.count)] + remade(at: now)
        }
        if let batch = completed[name] { return [.unchanged(name, batch: batch)] }
        return []
    }

    /// The file being read gave `result`; then what waited for it is taken, in order.
    mutating func read(_ name: Name, _ result: ReadResult, at now: Instant) -> [Action] {
        guard let done = reading, done.name == name else { return [] }
        reading = nil
        let actions: [Action]
        if done.gone {
            actions = resumed(name) ? missed(name, at: now) : [.dropped(name, batch: open.batch)]
        } else {
            switch result {
            case .taken(let photo): actions = taken(photo, at: now)
            case .replaced(let kept, let photo): actions = replaced(kept, by: photo, at: now)
            case .refused: actions = resumed(name) ? missed(name, at: now) : []
            }
        }
        return actions + takeWaiting(at: now)
    }

    /// The operator asks to complete the open batch now (after the file being read, if any).
    mutating func finishNow(at now: Instant) -> [Action] {
        if reading != nil {
            waiting.append(.finishNow)
            return []
        }
        guard !open.photos.isEmpty else { return [.nothingToFinish(batch: open.batch)] }
        return completeOpen(.finishNow)
    }

    /// A wake-up came (asked for by `.wake(at:)`; one before the instant asked for last changes
    /// nothing); while a file is read, it is taken after that file's result, which may put the
    /// deadline off.
    mutating func woke(at now: Instant) -> [Action] {
        if reading != nil {
            waiting.append(.wakeUp)
            return []
        }
        if let armed, now < armed { return [] }
        armed = nil
        if let deadline = open.deadline, now >= deadline, !open.photos.isEmpty { return completeOpen(.timeout) }
        return shown(throttle.windowEnded(at: now))
    }

    /// A save of the open batch failed: the next change, or the source's end, saves again.
    mutating func saveFailed() {
        failed = true
    }

    /// The source ended (after the file being read, if any): a change not saved yet is saved
    /// for good, and the session is over.
    mutating func ended(at now: Instant) -> [Action] {
        if reading != nil {
            waiting.append(.end)
            return []
        }
        let waitingChange = if case .finish(true?) = throttle.upstreamFinished() { true } else { false }
        guard waitingChange || failed, !open.photos.isEmpty else { return [.over] }
        failed = false
        return [.last(batch: open.batch, photos: open.photos), .over]
    }

    /// The chain took `photo` into the open batch.
    private mutating func taken(_ photo: Photo, at now: Instant) -> [Action] {
        open.photos.append(photo)
        if resumed(photo.name) { return resumedAll(at: now) }
        if open.photos.count >= limit { return completeOpen(.full) }
        return changed(at: now, arming: true)
    }

    /// The chain put `photo` in the place of the photo named `name` (a better copy).
    private mutating func replaced(_ name: Name, by photo: Photo, at now: Instant) -> [Action] {
        guard let index = open.photos.firstIndex(where: { $0.name == name }) else { return taken(photo, at: now) }
        open.photos[index] = photo
        return changed(at: now, arming: false)
    }

    /// What waited for the read just done, in order, until another read starts.
    private mutating func takeWaiting(at now: Instant) -> [Action] {
        var actions: [Action] = []
        while reading == nil, let item = waiting.popFirst() {
            switch item {
            case .arrival(let name): actions += arrived(name, at: now)
            case .finishNow: actions += finishNow(at: now)
            case .wakeUp: actions += woke(at: now)
            case .end: return actions + [.endOfSource]
            }
        }
        return actions
    }

    /// Whether `name` was one of the resumed photos still to be read again (then it is read).
    private mutating func resumed(_ name: Name) -> Bool {
        guard let index = open.resuming.firstIndex(of: name) else { return false }
        open.resuming.remove(at: index)
        return true
    }

    /// A resumed photo that is not there any more (refused, or gone).
    private mutating func missed(_ name: Name, at now: Instant) -> [Action] {
        open.missing.append(name)
        return resumedAll(at: now)
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

/// What the session machine needs of a photo: its name, the folder's key for it.
protocol SessionPhoto: Sendable {
    associatedtype Name: Hashable & Sendable
    var name: Name { get }
}
