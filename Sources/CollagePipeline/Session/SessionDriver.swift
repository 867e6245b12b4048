internal import AsyncAlgorithms
internal import CollageCanvas
internal import CollageCore
internal import CollageFiles
internal import CollageWriting
internal import CollageEvents
internal import CollageJournal
internal import CollageSources

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
        while let input = await inputs.next() {
            if let end = try await carryOut(take(input)) { return end }
        }
        // The session was cancelled: a change not saved yet is the final one.
        return try await carryOut(machine.ended(at: session.clock.now)) ?? .sourceEnded(last)
    }

    /// Hands one input to the machine, at `now` (the clock's, unless given).
    private mutating func take(_ input: SessionInput, at now: C.Instant? = nil) -> [Machine.Action] {
        let now = now ?? session.clock.now
        switch input {
        case .change(.arrived(let file)): return machine.arrived(file.path, at: now)
        case .change(.gone(let file)): return machine.gone(file.path, at: now)
        case .finishNow: return machine.finishNow(at: now)
        case .deadline: return machine.woke(at: now)
        case .ended: return machine.ended(at: now)
        }
    }

    /// Carries out the machine's actions in order, and those a read's result brings after them;
    /// an outcome ends the session.
    private mutating func carryOut(_ actions: [Machine.Action]) async throws -> WatchSession<C>.Outcome? {
        var actions = actions
        while !actions.isEmpty {
            var after: [Machine.Action] = []
            for action in actions {
                if let end = try await carryOut(action, then: &after) { return end }
            }
            actions = after
        }
        return nil
    }

    /// Carries out one action; a read's result adds the machine's next actions to `after`.
    private mutating func carryOut(_ action: Machine.Action, then after: inout [Machine.Action]) async throws -> WatchSession<C>.Outcome? {
        switch action {
        case .read(let name):
            after += await read(PhotoFile(path: name))
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
            // With none left nothing is made: a booth's collage is withdrawn, a single collage kept.
            let then = left == 0 ? "no photo is left for \(name(batch))" : "\(name(batch)) is made again with \(LogCount.photos(left))"
            session.flow.log(.notice("\(removed) was removed: \(then)"))
        case .dropped(let removed, let batch):
            session.flow.log(.notice("\(removed) was removed while it was read: it is not in \(name(batch))"))
        case .withdraw(let batch):
            try await withdraw(batch)
        case .unchanged(let removed, let batch):
            session.flow.log(.notice("\(removed) was removed, but \(name(batch)) is complete: it stays as it is"))
        case .nothingToFinish(let batch):
            session.flow.log(.notice("nothing to finish: \(name(batch)) has no photo yet"))
        case .wake(let instant):
            inputs.wake(at: instant)
        case .endOfSource:
            after += machine.ended(at: session.clock.now)
        case .over:
            return .sourceEnded(last)
        }
        return nil
    }

    /// Reads `file` through the chain; then hands the machine everything that came meanwhile
    /// (a photo gone counts before the result: that very file is dropped, a shot of the open
    /// batch leaves it), then the result.
    private mutating func read(_ file: PhotoFile) async -> [Machine.Action] {
        let decision = await session.flow.decision(for: file, index: read, taken: selection(of: machine.open.photos))
        read += 1
        // The instant it is taken at is the one its line is said at: what hears the line (a
        // test's manual clock) may move the clock on at once.
        let now = session.clock.now
        session.flow.report(decision)
        var actions: [Machine.Action] = []
        for input in inputs.drain() { actions += take(input, at: now) }
        let result: Machine.ReadResult = switch decision.outcome {
        case .added(let photo, _): decision.replaced.map { .replaced($0.file.path, by: photo) } ?? .taken(photo)
        case .skipped: .refused
        }
        actions += machine.read(file.path, result, at: now)
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
