internal import AsyncAlgorithms
internal import CollageCanvas
internal import CollageCore
internal import CollageFiles
internal import CollageWriting
internal import CollageEvents
internal import CollageJournal

/// Runs a `WatchSession`'s one `SessionStateMachine` over its one input stream: hands each input
/// to the machine and carries out every action it returns, in one `switch`. The machine decides;
/// this reads files through the chain, saves, logs and sets the wake-up.
struct SessionDriver<C: Clock<Duration>> {
    typealias Machine = SessionStateMachine<Photo, C.Instant>

    let session: WatchSession<C>
    let inputs: SessionInputs<C>
    private var machine: Machine
    /// The collage saved last: what a session whose source ended reports.
    private var last: SavedCollage?
    /// Files read so far: the chain's index for the next.
    private var read = 0

    init(session: WatchSession<C>, inputs: SessionInputs<C>) {
        let start = session.start
        self.session = session
        self.inputs = inputs
        machine = Machine(limit: session.flow.layout.limit, timeout: session.batchTimeout, interval: session.interval, batch: start.batch,
                          resuming: start.files.map(\.path), gone: start.gone.map(\.path), completed: start.completed, nextBatch: start.nextBatch)
    }

    /// Until the source ends, or (outside photo-booth mode) the collage is complete.
    mutating func run() async throws -> WatchSession<C>.Outcome {
        if let end = try await carryOut(machine.started(at: session.clock.now)) { return end }
        inputs: for await input in inputs.stream {
            let now = session.clock.now
            let actions: [Machine.Action]
            switch input {
            case .file(let file): actions = machine.arrived(file.path, at: now)
            case .command(let command) where session.commands?.read(command) == false: continue  // applied early
            case .command(.finishNow): actions = machine.finishNow()
            case .command(.removed(let file)): actions = machine.removed(file.path, at: now)
            case .deadline: actions = removedMeanwhile(at: now) + machine.woke(at: now)
            case .ended: break inputs
            }
            let end = try await carryOut(actions)
            if case .file = input { inputs.taken() }
            if let end { return end }
        }
        // The folder ended (or the session was cancelled): a change not saved yet is the final one.
        if let end = try await carryOut(machine.ended()) { return end }
        return .sourceEnded(last)
    }

    /// Carries out the machine's actions in order; an outcome ends the session.
    private mutating func carryOut(_ actions: [Machine.Action]) async throws -> WatchSession<C>.Outcome? {
        for action in actions {
            switch action {
            case .read(let name):
                if let end = try await carryOut(read(PhotoFile(path: name))) { return end }
            case .show(let batch, let photos):
                let selection = selection(of: photos)
                if let saved = try await session.unlessStopped(selection, batch: batch, { try await session.save(selection, batch: batch) }) {
                    last = saved
                } else {
                    machine.saveFailed()
                }
            case .complete(let batch, let photos, let because, _):
                if let reason = Self.reason(because) {
                    session.flow.log(.notice("\(name(batch)) is complete with \(LogCount.photos(photos.count)): \(reason)"))
                }
                let selection = because == .full ? selection(of: photos) : selection(of: photos).closed()
                let saved = try await session.unlessStopped(selection, batch: batch) { try await session.saveFinal(selection, batch: batch) }
                last = saved
                if !session.batches { return .complete(saved) }
            case .last(let batch, let photos):
                let selection = selection(of: photos)
                last = try await session.unlessStopped(selection, batch: batch) { try await session.saveFinal(selection, batch: batch) }
            case .rebuilt(let batch, let removed, let left):
                let photos = left == 0 ? "with no photo" : "with \(LogCount.photos(left))"
                session.flow.log(.notice("\(removed) was removed: \(name(batch)) is made again \(photos)"))
            case .withdraw(let batch):
                try await withdraw(batch)
            case .unchanged(let removed, let batch):
                session.flow.log(.notice("\(removed) was removed, but \(name(batch)) is complete: it stays as it is"))
            case .nothingToFinish(let batch):
                session.flow.log(.notice("nothing to finish: \(name(batch)) has no photo yet"))
            case .wake(let instant):
                inputs.wake(at: instant)
            }
        }
        return nil
    }

    /// Reads `file` through the chain, and tells the machine what it gave. A photo removed while
    /// it was read is a removal first: applied before it can complete anything.
    private mutating func read(_ file: PhotoFile) async -> [Machine.Action] {
        let decision = await session.flow.decision(for: file, index: read, taken: selection(of: machine.open.photos))
        read += 1
        session.flow.report(decision)
        let now = session.clock.now
        guard case .added(let photo, _) = decision.outcome else { return machine.refused(file.path, at: now) }
        let early = removedMeanwhile(at: now)
        if session.commands?.applyEarly(file.path) == true { return early + machine.removedWhileRead(file.path, at: now) }
        if let replaced = decision.replaced { return early + machine.replaced(replaced.file.path, by: photo, at: now) }
        return early + machine.taken(photo, at: now)
    }

    /// The open batch's photos removed from the folder whose removals are sent but not read yet
    /// (commands come beside the files, in their own time): applied now, before a photo taken or
    /// the timeout can complete the batch with a shot that is gone.
    private mutating func removedMeanwhile(at now: C.Instant) -> [Machine.Action] {
        guard let commands = session.commands else { return [] }
        var actions: [Machine.Action] = []
        for name in machine.open.photos.map(\.name) where commands.applyEarly(name) {
            actions += machine.removed(name, at: now)
        }
        return actions
    }

    /// Withdraws collage `batch` from the disk and the journal, then from the screen and the
    /// gallery (the event). A failure is reported; the collage is saved again at the next change.
    private func withdraw(_ batch: Int) async throws {
        do {
            guard let path = try await session.sink.withdraw(batch: batch) else { return }
            session.flow.log(.withdrawn(path, batch: batch))
        } catch {
            if error is CancellationError || Task.isCancelled { throw error }
            session.flow.log(.notice("cannot withdraw \(name(batch)): \(error)"))
        }
    }

    private func selection(of photos: [Photo]) -> Selection {
        var selection = Selection(limit: session.flow.layout.limit, similarity: session.flow.similarity)
        for photo in photos { selection.take(photo) }
        return selection
    }

    /// How the log names collage number `batch`.
    private func name(_ batch: Int) -> String { session.sink.destination(forBatch: batch).description }

    /// Why a batch completed early, as the log says it; nil when it is full.
    private static func reason(_ completion: Machine.Completion) -> String? {
        switch completion {
        case .full: nil
        case .timeout: "no photo came for the batch timeout"
        case .finishNow: "finished by the operator"
        }
    }
}

extension Photo: SessionPhoto {}

/// "1 photo", "2 photos".
enum LogCount {
    static func photos(_ count: Int) -> String { count == 1 ? "1 photo" : "\(count) photos" }
}
