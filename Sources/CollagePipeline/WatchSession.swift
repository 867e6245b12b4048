public import CollageJournal
public import CollageEvents
internal import CollageCore
internal import CollageCanvas
internal import CollageLocking
internal import AsyncAlgorithms
internal import CollageSources
public import CollageWriting
public import CollageFiles

/// `collage watch`: the chain over a source that does not end, throttled, saved through the
/// sink's Single after every throttled change.
///
/// ```
/// files ─▶ CollageFlow (takeWhile, probe, landscape, decode, unique, scan) ─▶ throttle(latest)
///       ─▶ render + save (Single) ─▶ report
/// ```
/// A collage ends when its sixth photo is saved: the session returns at once, or in photo-booth
/// mode starts the next collage with the file that arrived after the sixth.
///
/// A failed save does not end the session: it is reported, the file keeps what it had (or, when
/// only a booth's journal failed, the report says the collage was written), and the next change
/// saves again. Only the final collage of a session (the one at the limit, or the newest when
/// the source ends) is tried again, as `retry` says, before the session gives up by throwing
/// the sink's error.
public struct WatchSession<C: Clock<Duration>>: Sendable {
    public let flow: CollageFlow
    public let sink: any CollageSink
    public let interval: Duration
    public let clock: C
    public let batches: Bool
    public let start: BoothStart
    public let retry: RetryPolicy
    /// `--batch-timeout`: a batch that received no photo for this long is completed with what it has.
    public let batchTimeout: Duration?
    /// Finish now, and photos removed from the folder (`BatchStateMachine` says what each changes).
    public let commands: SessionCommands?

    public init(flow: CollageFlow, sink: any CollageSink, interval: Duration, clock: C, batches: Bool,
                start: BoothStart = BoothStart(), retry: RetryPolicy = .standard, batchTimeout: Duration? = nil,
                commands: SessionCommands? = nil) {
        self.flow = flow
        self.sink = sink
        self.interval = interval
        self.clock = clock
        self.batches = batches
        self.start = start
        self.retry = retry
        self.batchTimeout = batchTimeout
        self.commands = commands
    }

    /// How a session ended.
    public enum Outcome: Sendable, Equatable {
        /// The sixth photo's collage is saved (outside photo-booth mode).
        case complete(SavedCollage)
        /// The source ended (stopped, or the folder went away); what was saved last, if anything.
        case sourceEnded(SavedCollage?)
    }

    /// Runs until a collage is complete (or, with batches, until `files` ends). `files` is read
    /// by one collage after another, so it must resume where the last left off (a channel).
    public func run<Files: AsyncSequence<PhotoFile, Never> & Sendable>(_ files: Files) async throws -> Outcome {
        let resumed = Set(start.files)
        // The folder offers the resumed photos once more (its first listing): passed over once;
        // another photo saved under such a name later is a new arrival.
        let offeredAgain = Locked(resumed)
        let rest = files.filter { file in offeredAgain.withLock { $0.remove(file) == nil } }
        // The commands and the timeout's wake-ups, read by each batch's source beside the files.
        let inputs = AsyncChannel<SessionInput>()
        let pending = SessionPending()
        let commanding = Task { [commands] in
            guard let commands else { return }
            for await command in commands.stream { await inputs.send(.command(command)) }
        }
        defer { commanding.cancel() }
        var batch = start.batch
        var carried = start.files
        // Of the files carried, those already in the batch (resumed, or left after a retake),
        // not a new arrival yet to be decided: finish now completes a batch with them at once.
        var accepted = start.files
        var last: SavedCollage?
        var completed = start.completed
        // A batch made again after a retake: the photos left, kept decoded, saved at once.
        var rebuilt: Selection?
        while true {
            let overflow = Overflow()
            var unsaved: Selection?
            let machine = BatchStateMachine<PathName, C.Instant>(limit: flow.layout.limit, timeout: batchTimeout, batch: batch,
                                                                 photos: accepted.map(\.path), completed: completed, nextBatch: start.nextBatch)
            let driver = BatchDriver(machine: machine, clock: clock, inputs: inputs, commands: commands, latest: rebuilt, log: flow.log,
                                     name: { [sink] in sink.destination(forBatch: $0).description })
            defer { driver.stop() }
            if let rebuilt, !rebuilt.photos.isEmpty {
                if let saved = try await unlessStopped(rebuilt, batch: batch, { try await save(rebuilt, batch: batch) }) {
                    last = saved
                } else {
                    unsaved = rebuilt
                }
            }
            let source = StartingWith(carried, then: driver.files(rest, pending: pending))
            let selections = flow.selections(from: source, overflow: overflow, starting: rebuilt).map { driver.added($0) }
            for try await selection in selections.throttle(for: interval, clock: clock) {
                // A photo removed while it was read: the batch is made again without it.
                if case .rebuild? = driver.ending { continue }
                if rebuilt == nil && batch == start.batch && selection.photos.allSatisfy({ resumed.contains(PhotoFile(path: $0.name)) }) {
                    // The unfinished collage's file already shows its photos: saved again once it holds more.
                    continue
                }
                if selection.isFull {
                    let saved = try await unlessStopped(selection, batch: batch) { try await saveFinal(selection, batch: batch) }
                    (last, unsaved) = (saved, nil)
                    if !batches { return .complete(saved) }
                } else if let saved = try await unlessStopped(selection, batch: batch, { try await save(selection, batch: batch) }) {
                    (last, unsaved) = (saved, nil)
                } else {
                    unsaved = selection
                }
            }
            driver.stop()
            completed = driver.completed
            switch driver.ending {
            case .complete?:
                // Timed out or finished by the operator: saved with the photos it has, as complete.
                if let selection = driver.latest, !selection.photos.isEmpty {
                    let closed = selection.closed()
                    last = try await unlessStopped(closed, batch: batch) { try await saveFinal(closed, batch: batch) }
                    if !batches, let last { return .complete(last) }
                }
                (carried, accepted, rebuilt) = (overflow.take().map { [$0] } ?? [], [], nil)
                batch = driver.next ?? start.nextBatch(batch)
            case .rebuild(let removed)?:
                // A retake: the same collage again from the photos left, as they were decoded:
                // not read, nor announced, again.
                let left = (driver.latest ?? Selection(limit: flow.layout.limit, similarity: flow.similarity)).removing(removed)
                accepted = left.photos.map { PhotoFile(path: $0.name) }
                carried = overflow.take().map { [$0] } ?? []
                rebuilt = left
            case nil:
                // The newest selection failed to save and nothing newer came: it is the final one.
                if let unsaved { last = try await unlessStopped(unsaved, batch: batch) { try await saveFinal(unsaved, batch: batch) } }
                guard batches, let next = overflow.take() else { return .sourceEnded(last) }
                (carried, accepted, rebuilt) = ([next], [], nil)
                // The machine numbered the next batch when this one filled.
                batch = driver.next ?? start.nextBatch(batch)
            }
        }
    }

    /// Runs a save of `selection`; cancelled before it succeeded (a second signal, during the save
    /// or a retry's wait), it throws `WatchStopError.unsaved`: the caller must not take the stop
    /// for a success.
    private func unlessStopped<T>(_ selection: Selection, batch: Int, _ save: () async throws -> T) async throws -> T {
        do {
            return try await save()
        } catch {
            guard error is CancellationError || Task.isCancelled else { throw error }
            throw WatchStopError.unsaved(sink.destination(forBatch: batch), photos: selection.count)
        }
    }

    /// A save the next change repeats: the saved collage, or nil after reporting the failure.
    private func save(_ selection: Selection, batch: Int) async throws -> SavedCollage? {
        switch try await attempt(selection, batch: batch) {
        case .success(let saved):
            return saved
        case .failure(let error):
            reportFailure(error, of: selection, batch: batch, retryIn: nil)
            return nil
        }
    }

    /// The final collage: tried again after each failure as `retry` says; the last failure is
    /// thrown, for the command to exit with.
    private func saveFinal(_ selection: Selection, batch: Int) async throws -> SavedCollage {
        try await retry.run(on: clock) {
            try await attempt(selection, batch: batch)
        } failed: { error, delay in
            reportFailure(error, of: selection, batch: batch, retryIn: delay)
        }.get()
    }

    /// One save through the sink, reported when it succeeds; a failure is returned for the caller
    /// to report or retry. Cancellation is no failure: it is thrown, and ends the session.
    private func attempt(_ selection: Selection, batch: Int) async throws -> Result<SavedCollage, any Error> {
        do {
            let saved = try await sink.save(selection, batch: batch).value
            flow.log(.saved(saved, photos: selection.count, batch: batch, complete: selection.isComplete))
            return .success(saved)
        } catch {
            if error is CancellationError || Task.isCancelled { throw error }
            return .failure(error)
        }
    }

    private func reportFailure(_ error: any Error, of selection: Selection, batch: Int, retryIn: Duration?) {
        flow.log(.saveFailed(sink.destination(forBatch: batch), error: String(describing: error), photos: selection.count,
                             batch: batch, retryIn: retryIn))
    }
}

/// A source with files put back in front: the file that ended the previous collage, or the
/// photos of the unfinished collage a restarted booth completes.
struct StartingWith<Base: AsyncSequence<PhotoFile, Never> & Sendable>: AsyncSequence, Sendable {
    let first: [PhotoFile]
    let base: Base

    init(_ first: [PhotoFile], then base: Base) {
        self.first = first
        self.base = base
    }

    func makeAsyncIterator() -> Iterator { Iterator(first: first[...], base: base.makeAsyncIterator()) }

    struct Iterator: AsyncIteratorProtocol {
        var first: ArraySlice<PhotoFile>
        var base: Base.AsyncIterator

        mutating func next(isolation actor: isolated (any Actor)?) async -> PhotoFile? {
            if let file = first.popFirst() { return file }
            return await base.next(isolation: actor)
        }

        mutating func next() async -> PhotoFile? { await next(isolation: nil) }
    }
}
