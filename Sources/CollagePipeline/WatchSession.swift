internal import CollageCore
public import CollageSources

/// `collage watch`: the chain over a source that does not end, throttled, saved through the
/// sink's Single after every throttled change.
///
/// ```
/// files ─▶ CollageFlow (takeWhile, probe, landscape, decode, unique, scan) ─▶ throttle(latest)
///       ─▶ render + save (Single) ─▶ report
/// ```
/// A collage ends when its sixth photo is saved: the session returns at once, or in photo-booth
/// mode starts the next collage with the file that arrived after the sixth.
public struct WatchSession<C: Clock<Duration>>: Sendable {
    public let flow: CollageFlow
    public let sink: any CollageSink
    public let interval: Duration
    public let clock: C
    public let batches: Bool

    public init(flow: CollageFlow, sink: any CollageSink, interval: Duration, clock: C, batches: Bool) {
        self.flow = flow
        self.sink = sink
        self.interval = interval
        self.clock = clock
        self.batches = batches
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
        var batch = 1
        var carried: PhotoFile?
        var last: SavedCollage?
        while true {
            let overflow = Overflow()
            let source = StartingWith(carried, then: files)
            for try await selection in flow.selections(from: source, overflow: overflow).throttle(for: interval, clock: clock) {
                let saved = try await sink.save(selection, batch: batch).value
                flow.log(.saved(saved, photos: selection.count, batch: batch))
                last = saved
                if selection.isFull && !batches { return .complete(saved) }
            }
            guard batches, let next = overflow.take() else { return .sourceEnded(last) }
            carried = next
            batch += 1
        }
    }
}

/// A source with one element put back in front: the file that ended the previous collage.
struct StartingWith<Base: AsyncSequence<PhotoFile, Never> & Sendable>: AsyncSequence, Sendable {
    let first: PhotoFile?
    let base: Base

    init(_ first: PhotoFile?, then base: Base) {
        self.first = first
        self.base = base
    }

    func makeAsyncIterator() -> Iterator { Iterator(first: first, base: base.makeAsyncIterator()) }

    struct Iterator: AsyncIteratorProtocol {
        var first: PhotoFile?
        var base: Base.AsyncIterator

        mutating func next(isolation actor: isolated (any Actor)?) async -> PhotoFile? {
            if let file = first {
                first = nil
                return file
            }
            return await base.next(isolation: actor)
        }

        mutating func next() async -> PhotoFile? { await next(isolation: nil) }
    }
}
