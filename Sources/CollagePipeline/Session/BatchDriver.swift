internal import CollageEvents
internal import AsyncAlgorithms
internal import CollageCore
internal import CollageLocking
internal import CollageFiles
internal import CollageWriting

/// Runs one batch's `BatchStateMachine` for `WatchSession`: feeds it the photos as the chain
/// adds them, arms the timeout's wake-up on the session's clock, and reads the session's inputs
/// for the batch's source, which ends when the machine completes the batch early or a photo
/// leaves it (`ending` then says which). The machine decides; this only carries its actions out.
final class BatchDriver<C: Clock<Duration>>: Sendable {
    private struct State {
        var machine: BatchStateMachine<PathName, C.Instant>
        var ending: BatchEnding?
        /// The chain's newest selection, before the throttle: what an early completion saves.
        var latest: Selection?
        var timer: Task<Void, Never>?
        /// The number the machine gave the next batch when it completed this one.
        var next: Int?
    }

    private let state: Locked<State>
    private let clock: C
    private let inputs: AsyncChannel<SessionInput>
    private let commands: SessionCommands?
    private let log: @Sendable (PipelineEvent) -> Void
    private let name: @Sendable (Int) -> String

    /// `name`: how the log names collage number n.
    /// `machine` may hold photos already (a resumed or rebuilt batch): its wait starts now.
    /// `latest`: a rebuilt batch's selection, which an early completion saves until a photo joins.
    init(machine: BatchStateMachine<PathName, C.Instant>, clock: C, inputs: AsyncChannel<SessionInput>, commands: SessionCommands? = nil,
         latest: Selection? = nil,
         log: @escaping @Sendable (PipelineEvent) -> Void, name: @escaping @Sendable (Int) -> String) {
        var machine = machine
        let action = machine.resumed(at: clock.now)
        state = Locked(State(machine: machine, latest: latest))
        self.clock = clock
        self.inputs = inputs
        self.commands = commands
        self.log = log
        self.name = name
        if case .wait(let deadline) = action { arm(deadline) }
    }

    deinit { state.withLock { $0.timer?.cancel() } }

    var ending: BatchEnding? { state.withLock { $0.ending } }
    var latest: Selection? { state.withLock { $0.latest } }
    /// The next batch's number, once the machine completed this one (full, timeout, finish now).
    var next: Int? { state.withLock { $0.next } }
    /// Every photo in a collage completed so far, with its number: the next batch's machine knows them.
    var completed: [PathName: Int] { state.withLock { $0.machine.completed } }

    /// The batch's files: the folder's, until a command or wake-up ends the batch.
    func files<Files: AsyncSequence<PhotoFile, Never> & Sendable>(_ files: Files, pending: SessionPending) -> BatchFiles<Files, C> {
        BatchFiles(files: files, others: inputs, pending: pending, driver: self)
    }

    /// A selection the chain made: a photo joined (the newest) or took another's place. A
    /// newest photo removed while it was read is a removal first: applied before it can
    /// complete anything, it ends the batch, to be made again without it.
    func added(_ selection: Selection) -> Selection {
        if let newest = selection.photos.last, state.withLock({ !$0.machine.open.photos.contains(newest.name) }),
           commands?.applyEarly(newest.name) == true {
            let (batch, left) = state.withLock { state in
                state.latest = selection
                state.ending = .rebuild(without: newest.name)
                return (state.machine.open.batch, state.machine.open.photos.count)
            }
            log(.notice(Self.rebuilt(name(batch), without: newest.name, left: left)))
            return selection
        }
        let action = state.withLock { state -> BatchStateMachine<PathName, C.Instant>.Action in
            state.latest = selection
            guard let newest = selection.photos.last, !state.machine.open.photos.contains(newest.name) else { return .none }
            let action = state.machine.added(newest.name, at: clock.now)
            if case .complete(_, _, _, let next) = action { state.next = next }
            return action
        }
        if case .wait(let deadline) = action { arm(deadline) }
        return selection
    }

    /// Whether the open batch holds a photo of this name.
    func isOpen(_ name: PathName) -> Bool {
        state.withLock { $0.machine.open.photos.contains(name) }
    }

    /// Stops the timer: the batch is over.
    func stop() {
        state.withLock { $0.timer?.cancel() }
    }

    /// Whether the batch's source goes on after `input`; false once the batch ends early. A
    /// removal applied early (`added`) is passed over.
    func decide(_ input: SessionInput) -> Bool {
        if case .command(let command) = input, commands?.read(command) == false { return true }
        return apply(input)
    }

    /// Carries out the machine's action on `input`.
    func apply(_ input: SessionInput) -> Bool {
        let action: BatchStateMachine<PathName, C.Instant>.Action
        switch input {
        case .file: return true
        case .deadline: action = state.withLock { $0.machine.deadlinePassed(at: clock.now) }
        case .command(.finishNow): action = state.withLock { $0.machine.finishNow() }
        case .command(.removed(let file)): action = state.withLock { $0.machine.removed(file.path) }
        }
        switch action {
        case .complete(let batch, let photos, let because, let next):
            let reason = because == .timeout ? "no photo came for the batch timeout" : "finished by the operator"
            log(.notice("\(name(batch)) is complete with \(LogCount.photos(photos.count)): \(reason)"))
            state.withLock { state in
                state.ending = .complete(because: reason)
                state.next = next
            }
            return false
        case .rebuild(let batch, let photos, let removed):
            log(.notice(Self.rebuilt(name(batch), without: removed, left: photos.count)))
            state.withLock { $0.ending = .rebuild(without: removed) }
            return false
        case .unchanged(let removed, let batch):
            log(.notice("\(removed) was removed, but \(name(batch)) is complete: it stays as it is"))
            return true
        case .nothingToFinish(let batch):
            log(.notice("nothing to finish: \(name(batch)) has no photo yet"))
            return true
        case .none, .wait:
            return true
        }
    }

    /// The line a retake gets: `p2.jpg was removed: booth-0001.jpg is made again with 2 photos`.
    private static func rebuilt(_ collage: String, without removed: PathName, left: Int) -> String {
        "\(removed) was removed: \(collage) is made again " + (left == 0 ? "with no photo" : "with \(LogCount.photos(left))")
    }

    /// Wakes the machine at `deadline`, through the inputs: in order with the files.
    private func arm(_ deadline: C.Instant) {
        let (clock, inputs) = (clock, inputs)
        let timer = Task {
            do { try await clock.sleep(until: deadline, tolerance: nil) } catch { return }
            await inputs.send(.deadline)
        }
        state.withLock { state in
            state.timer?.cancel()
            state.timer = timer
        }
    }
}

/// What one batch's source took from the session's two channels and did not hand on yet: a
/// file the race below took as a command won belongs to whichever batch reads next.
final class SessionPending: Sendable {
    let inputs = Locked<[SessionInput]>([])
}

/// One batch's files: the next file from the folder, or first a command or wake-up, whichever
/// comes first, with no element read ahead (the chain asks for a file once it is done with the
/// last: what a watch's folder and a test's source rely on). A command that ends the batch ends
/// the sequence.
struct BatchFiles<Files: AsyncSequence<PhotoFile, Never> & Sendable, C: Clock<Duration>>: AsyncSequence, Sendable {
    let files: Files
    let others: AsyncChannel<SessionInput>
    let pending: SessionPending
    let driver: BatchDriver<C>

    func makeAsyncIterator() -> Iterator { Iterator(sequence: self) }

    struct Iterator: AsyncIteratorProtocol {
        let sequence: BatchFiles
        var ended = false

        mutating func next(isolation actor: isolated (any Actor)?) async -> PhotoFile? { await next() }

        mutating func next() async -> PhotoFile? {
            // A photo removed while it was read ended the batch (`BatchDriver.added`).
            if sequence.driver.ending != nil { ended = true }
            while !ended {
                guard let input = await sequence.nextInput() else { break }
                guard case .file(let file) = input else {
                    if !sequence.driver.decide(input) { ended = true }
                    continue
                }
                // A photo of the open batch saved again under its name (a retake copied or
                // renamed over it): the old one is removed first, then this one arrives.
                guard sequence.driver.isOpen(file.path) else { return file }
                sequence.pending.inputs.withLock { $0.insert(.file(file), at: 0) }
                if !sequence.driver.apply(.command(.removed(file))) { ended = true }
            }
            ended = true
            return nil
        }
    }

    /// The next input: one left pending, or the first of the two channels to have one. The
    /// other's wait is cancelled; an element it got all the same is kept for the next call.
    fileprivate func nextInput() async -> SessionInput? {
        if let input = pending.inputs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { return input }
        let (files, others) = (files, others)
        return await withTaskGroup(of: (Bool, SessionInput?).self) { group in
            group.addTask {
                var iterator = files.makeAsyncIterator()
                return (true, await iterator.next(isolation: nil).map(SessionInput.file))
            }
            group.addTask {
                var iterator = others.makeAsyncIterator()
                return (false, await iterator.next())
            }
            var first: (fromFiles: Bool, input: SessionInput?)?
            while let (fromFiles, input) = await group.next() {
                if first == nil {
                    // The folder ended: so does the batch. A command channel that ended changes nothing.
                    if !fromFiles && input == nil { continue }
                    first = (fromFiles, input)
                    group.cancelAll()
                } else if let input {
                    pending.inputs.withLock { $0.append(input) }
                }
            }
            return first?.input
        }
    }
}

/// "1 photo", "2 photos".
enum LogCount {
    static func photos(_ count: Int) -> String { count == 1 ? "1 photo" : "\(count) photos" }
}
