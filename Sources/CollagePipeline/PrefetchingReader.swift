public import CollageCore
public import CollageSources
internal import Synchronization

/// Reads ahead of the chain when the files are known up front (`build`): while the chain decides
/// one file, the next ones are already being probed and, when their header passes the shape
/// rule, decoded, up to `depth` files at once (the cores this process may use).
///
/// The chain itself is untouched: it still asks for one file after another, in order, and
/// applies every rule in order (takeWhile, shape, unique against every photo taken). What it
/// gets is what the base reader gives for that file, so the result is the result of a
/// sequential run:
/// - a photo is decoded ahead only at the size the chain will ask for, when that is known ahead
///   (`KeptSizePlan.planned`): `keptSize(size, index)` for the `index`-th file; without it only
///   headers are read ahead. Were the chain to ask for another size, it is decoded again, as asked.
/// - a file whose header fails the shape rule is never decoded.
/// - a file is read ahead only if the chain is sure to reach it: no more files are in flight
///   than `room()` (the photos still to take) could use, so the files after the last photo used
///   are never read, as takeWhile promises.
/// - `cancel()` (when the chain ends) drops whatever is still in flight.
/// The codec work runs where the base reader puts it (`Blocking`), off the cooperative pool.
public final class PrefetchingReader: PhotoReader {
    private let files: [PhotoFile]
    private let reader: any PhotoReader
    private let depth: Int
    private let accept: AcceptedShape
    private let keptSize: (@Sendable (PixelSize, Int) -> PixelSize)?
    private let room: @Sendable () -> Int
    private let state = Mutex(State())

    /// What a file read ahead gave: its probe and, if it passed the shape rule, its decode.
    struct Prefetched: Sendable {
        let probe: Result<ProbedPhoto, Rejection>
        let decoded: (kept: PixelSize, result: Result<Photo, Rejection>)?
    }

    private struct State {
        /// The index of the next file the chain will ask for.
        var cursor = 0
        /// Files started and not yet taken by the chain.
        var inFlight: [Int: Task<Prefetched, Never>] = [:]
        /// Files in flight whose header already ruled them out: they take no room.
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
        let room = room()
        let task = state.withLock { state -> Task<Prefetched, Never>? in
            let index = state.cursor
            state.cursor += 1
            guard !state.stopped, index < files.count, files[index] == file else {
                state.stopped = true
                return nil
            }
            startWindow(at: index, room: room, in: &state)
            state.refused.remove(index)
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

    /// Starts the file at `index` (the chain waits for it) and the ones after it, up to `depth`
    /// in all, while the photos still to take could all be used: a file is only read ahead if
    /// the ones before it in the window, were they all taken, would leave room for it.
    private func startWindow(at index: Int, room: Int, in state: inout State) {
        var candidates = 0
        for next in index..<min(files.count, index + depth) {
            if next > index && candidates >= room { break }
            if state.inFlight[next] == nil { state.inFlight[next] = start(next) }
            if !state.refused.contains(next) { candidates += 1 }
        }
    }

    private func start(_ index: Int) -> Task<Prefetched, Never> {
        let (file, reader, accept, keptSize) = (files[index], reader, accept, keptSize)
        return Task { [weak self] in
            let probe = await reader.probe(file)
            guard case .success(let probed) = probe, PhotoRules.shape(probed.size, accepted: accept) == nil else {
                self?.state.withLock { state in if state.inFlight[index] != nil { state.refused.insert(index) } }
                return Prefetched(probe: probe, decoded: nil)
            }
            guard let keptSize, !Task.isCancelled else { return Prefetched(probe: probe, decoded: nil) }
            let kept = keptSize(probed.size, index)
            return Prefetched(probe: probe, decoded: (kept, await probed.decode(keeping: kept)))
        }
    }
}
