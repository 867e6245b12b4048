public import CollageJournal
public import CollageEvents
internal import CollageCore
internal import CollageCanvas
internal import CollageLocking
internal import AsyncAlgorithms
public import CollageSources
public import CollageWriting
internal import CollageFiles

/// `collage watch`: the chain over a source that does not end, throttled, saved through the
/// sink's Single after every throttled change.
///
/// ```
/// folder changes, finish now, wake-ups ─▶ SessionInputs (merged once) ─▶ SessionStateMachine ─▶ actions
///       ─▶ SessionDriver: read (CollageFlow: probe, landscape, decode, rule book), show (throttled),
///          complete, rebuilt, withdraw ─▶ render + save (Single) ─▶ report
/// ```
/// A collage ends when its sixth photo is saved: the session returns at once, or in photo-booth
/// mode starts the next collage with the file that arrives next.
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
    /// The operator's finish now (`SessionStateMachine` says what it changes).
    public let finish: FinishRequests?

    public init(flow: CollageFlow, sink: any CollageSink, interval: Duration, clock: C, batches: Bool,
                start: BoothStart = BoothStart(), retry: RetryPolicy = .standard, batchTimeout: Duration? = nil,
                finish: FinishRequests? = nil) {
        self.flow = flow
        self.sink = sink
        self.interval = interval
        self.clock = clock
        self.batches = batches
        self.start = start
        self.retry = retry
        self.batchTimeout = batchTimeout
        self.finish = finish
    }

    /// How a session ended.
    public enum Outcome: Sendable, Equatable {
        /// The sixth photo's collage is saved (outside photo-booth mode).
        case complete(SavedCollage)
        /// The source ended (stopped, or the folder went away); what was saved last, if anything.
        case sourceEnded(SavedCollage?)
    }

    /// Runs until a collage is complete (or, with batches, until `changes` ends): one
    /// `SessionStateMachine` over one stream of the folder's changes, finish now and the
    /// clock's wake-ups.
    public func run<Changes: AsyncSequence<FolderChange, Never> & Sendable>(_ changes: Changes) async throws -> Outcome {
        // The folder offers the resumed photos once more (its first listing): passed over once;
        // another photo saved under such a name later is a new arrival.
        let offeredAgain = Locked(Set(start.files))
        let rest = changes.filter { change in
            guard case .arrived(let file) = change else { return true }
            return offeredAgain.withLock { $0.remove(file) == nil }
        }
        let inputs = SessionInputs(rest, finish: finish, clock: clock)
        defer { inputs.stop() }
        var driver = SessionDriver(session: self, inputs: inputs)
        return try await driver.run()
    }

    /// Runs a save of `selection`; cancelled before it succeeded (a second signal, during the save
    /// or a retry's wait), it throws `WatchStopError.unsaved`: the caller must not take the stop
    /// for a success.
    func unlessStopped<T>(_ selection: Selection, batch: Int, _ save: () async throws -> T) async throws -> T {
        do {
            return try await save()
        } catch {
            guard error is CancellationError || Task.isCancelled else { throw error }
            throw WatchStopError.unsaved(sink.destination(forBatch: batch), photos: selection.count)
        }
    }

    /// A save the next change repeats: the saved collage, or nil after reporting the failure.
    func save(_ selection: Selection, batch: Int) async throws -> SavedCollage? {
        switch try await attempt(selection, batch: batch) {
        case .success(let saved):
            return saved
        case .failure(let error):
            reportFailure(error, of: selection, batch: batch, next: .atNextChange)
            return nil
        }
    }

    /// The final collage: tried again after each failure as `retry` says; the last failure is
    /// thrown, for the command to exit with.
    func saveFinal(_ selection: Selection, batch: Int) async throws -> SavedCollage {
        try await retry.run(on: clock) {
            try await attempt(selection, batch: batch)
        } failed: { error, delay in
            reportFailure(error, of: selection, batch: batch, next: .after(delay))
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

    private func reportFailure(_ error: any Error, of selection: Selection, batch: Int, next: NextSave) {
        flow.log(.saveFailed(sink.destination(forBatch: batch), error: String(describing: error), photos: selection.count,
                             batch: batch, next: next))
    }
}
