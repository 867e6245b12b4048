public import CollageCore
public import CollageImaging
public import CollageSources
internal import CollageLocking

/// Reads ahead of the chain when the files are known up front (`build`): while the chain decides
/// one file, the next ones are already being probed and, when their header passes the shape
/// rule, decoded: `depth` files at once (the cores this process may use), in order, each core
/// taking the next file as soon as it is free, so a quick photo never waits behind a slow one.
///
/// The chain itself is untouched: it still asks for one file after another, in order, and
/// applies every rule in order (takeWhile, shape, unique against every photo taken). What it
/// gets is what the base reader gives for that file, so the result is the result of a
/// sequential run:
/// - a photo is decoded ahead only at the size the chain will ask for, when that is known ahead
///   (`KeptSizePlan.planned`): `keptSize(size, index)` for the `index`-th file; without it only
///   headers are read ahead. Were the chain to ask for another size, it is decoded again, as asked.
/// - a file whose header fails the shape rule is never decoded.
/// - a file is read ahead only if the chain is sure to reach it: no more files are started than
///   `room()` (the photos still to take) could use, so the files after the last photo used are
///   never read, as takeWhile promises.
/// - at most `depth` files are being read at once, and at most `2 * depth - 1` are ahead of the
///   chain, decoded or not: memory stays a few kept photos.
/// - `cancel()` (when the chain ends) drops whatever is still in flight.
/// The codec work runs where the base reader puts it (`Blocking`), off the cooperative pool.
public final class PrefetchingReader: PhotoReader {
    private let files: [PhotoFile]
    private let reader: any PhotoReader
    private let depth: Int
    private let accept: AcceptedShape
    private let keptSize: (@Sendable (PixelSize, Int) -> PixelSize)?
    private let room: @Sendable () -> Int
    private let state = Locked(State())

    /// What a file read ahead gave: its probe and, if it passed the shape rule, its decode.
    struct Prefetched: Sendable {
        let probe: Result<ProbedPhoto, Rejection>
        let decoded: (kept: PixelSize, result: Result<Photo, Rejection>)?
    }

    private struct State {
        /// How many files the chain has asked for (it is deciding the last), and the next to start.
        var asked = 0
        var next = 0
        /// Files started and not yet taken by the chain, and how many of them are still reading.
        var inFlight: [Int: Task<Prefetched, Never>] = [:]
        var reading = 0
        /// Files whose header already ruled them out: they take no room.
        var refused: Set<Int> = []
        /// After `cancel()`, or once the chain asks for a file out of order: read directly.
        var stopped = false
    }

    public init(
        files: [PhotoFile], reader: any PhotoReader, depth: Int, accept: AcceptedShape,
        keptSize: (@Sendable (PixelSize, Int) -> PixelSize)?, room: @escaping @Sendable () -> Int
    ) {
        self.files = files
        self.reader = reader
        self.depth = max(1, depth)
        self.accept = accept
        self.keptSize = keptSize
        self.room = room
    }

    public func probe(_ file: PhotoFile) async -> Result<ProbedPhoto, Rejection> {
        let task = state.withLock { state -> Task<Prefetched, Never>? in
            let index = state.asked
            state.asked += 1
            guard !state.stopped, index < files.count, files[index] == file else {
                state.stopped = true
                return nil
            }
            fill(&state)
            return state.inFlight.removeValue(forKey: index)
        }
        guard let task else { return await reader.probe(file) }
        let prefetched = await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
        guard case .success(let probed) = prefetched.probe, let ahead = prefetched.decoded else { return prefetched.probe }
        return .success(ProbedPhoto(size: probed.size) { wanted in
            wanted == ahead.kept ? ahead.result : await probed.decode(keeping: wanted)
        })
    }

    /// Drops the files still in flight, once the chain has ended and will ask for none of them:
    /// those not yet decoding never start; returns when the rest have finished (a decode under
    /// way is not interrupted), so nothing outlives the run.
    public func cancel() async {
        let tasks = state.withLock { state in
            state.stopped = true
            defer { state.inFlight = [:] }
            return Array(state.inFlight.values)
        }
        for task in tasks { task.cancel() }
        for task in tasks { _ = await task.value }
    }

    /// Starts files in order while fewer than `depth` are reading, no more than `2 * depth - 1`
    /// are ahead of the chain, and the photos still to take could use them all: a file is only
    /// started if the files from the chain's current one up to it, were they all taken, would
    /// leave room for it. The current file, which the chain waits for, always starts.
    private func fill(_ state: inout State) {
        guard !state.stopped else { return }
        let (room, current) = (room(), state.asked - 1)
        var candidates = (current..<max(current, state.next)).count(where: { !state.refused.contains($0) })
        while state.next < files.count, state.reading < depth, state.next - current < 2 * depth - 1 {
            if state.next > current && candidates >= room { break }
            state.inFlight[state.next] = start(state.next)
            state.reading += 1
            candidates += 1
            state.next += 1
        }
    }

    /// A file read, and what came of it: a reader is free for the next.
    private func finished(_ index: Int, refused: Bool) {
        state.withLock { state in
            state.reading -= 1
            if refused { state.refused.insert(index) }
            fill(&state)
        }
    }

    private func start(_ index: Int) -> Task<Prefetched, Never> {
        let (file, reader, accept, keptSize) = (files[index], reader, accept, keptSize)
        return Task { [weak self] in
            let probe = await reader.probe(file)
            guard case .success(let probed) = probe, PhotoRules.shape(probed.size, accepted: accept) == nil else {
                self?.finished(index, refused: true)
                return Prefetched(probe: probe, decoded: nil)
            }
            guard let keptSize, !Task.isCancelled else {
                self?.finished(index, refused: false)
                return Prefetched(probe: probe, decoded: nil)
            }
            let kept = keptSize(probed.size, index)
            let decoded = await probed.decode(keeping: kept)
            self?.finished(index, refused: false)
            return Prefetched(probe: probe, decoded: (kept, decoded))
        }
    }
}
