public import CollageCodecs
public import CollageCore
public import CollageImaging
public import CollageSources
internal import CollageLocking
internal import CollageFiles

/// Reads the inputs, known up front, ahead of whoever decides them (`build`'s selection,
/// `--pages`' page filler, `inspect`'s ledger), and hands over each file's `PhotoStep` in order:
/// while the caller decides one file, the next ones are already being probed and, when their
/// header passes the shape rule, decoded: `depth` files at once (the cores this process may use),
/// each core taking the next file as soon as it is free, so a quick photo never waits behind a
/// slow one. It decides nothing: the steps are what a sequential read gives, in the same order.
/// - each photo is decoded at the size `keep` gives for its displayed size and its place among
///   the inputs: a build's plan (`KeptSizePlan.planned`) is known before any photo is decided.
/// - a file whose header fails the shape rule is never decoded.
/// - a file is read only if the caller is sure to reach it: no more files are started than the
///   photos it may still take (`room`, less those it says it has taken) could use, so the files
///   after the last photo a collage takes are never read, as takeWhile promises. Without a room
///   (pages, `inspect`) every file is read.
/// - at most `depth` files are being read at once, and at most `2 * depth - 1` are ahead of the
///   caller, decoded or not: memory stays a few kept photos.
/// - the decodes under way never need more memory together than `memory` (`--max-memory`, each
///   photo's need read from its header): a decode that would go over waits for one to finish,
///   the earliest file first, so the file the caller waits for is the next to run; one that fits
///   alone always runs (one over the budget alone was refused at its header).
/// - once the caller ends (`cancel()`), whatever is still in flight is dropped; a file stopped
///   before its decode is one the run never reached.
/// - an input already known to be unusable (a folder that cannot be listed) is refused in its
///   place in the order, without being read.
/// The codec work runs where the reader puts it (`Blocking`), off the cooperative pool. The rules
/// above are `PrefetchStateMachine`'s, decided by value; this keeps the tasks, the waiting
/// decodes' continuations and the lock, and does the reading.
public final class Prefetcher: Sendable {
    private let inputs: [PhotoInputs.Item]
    private let reader: any PhotoReader
    private let rules: PhotoRuleBook
    private let keep: @Sendable (PixelSize, Int) -> PixelSize
    private let state: Locked<State>

    private struct State {
        var machine: PrefetchStateMachine
        /// Files started and not yet handed over.
        var inFlight: [Int: Task<PhotoStep, Never>] = [:]
        /// The decodes waiting for room in the memory budget, by index.
        var waiting: [Int: CheckedContinuation<Void, Never>] = [:]
    }

    /// Reads `inputs` through `reader`, refusing by `rules`' shape, `depth` files at once;
    /// `memory` is the most the decodes under way may need at once; `keep` the size a photo of
    /// a displayed size is kept at, as the file at an index.
    public init(_ inputs: [PhotoInputs.Item], reader: any PhotoReader, rules: PhotoRuleBook, room: Int?, depth: Int,
                memory: Int = DecodeLimits.defaultMaximumDecodeBytes, keep: @escaping @Sendable (PixelSize, Int) -> PixelSize) {
        self.inputs = inputs
        self.reader = reader
        self.rules = rules
        self.keep = keep
        state = Locked(State(machine: PrefetchStateMachine(files: inputs.count, depth: depth, limit: room, memory: memory)))
    }

    /// The next input's step, in order; nil after the last, or after `cancel()`. `taken`: the
    /// photos the caller has taken so far, which leaves room for the files after.
    public func next(taken: Int) async -> PhotoStep? {
        let task = state.withLock { state -> Task<PhotoStep, Never>? in
            state.machine.taken = taken
            guard let ask = state.machine.ask() else { return nil }
            start(ask.starting, in: &state)
            return state.inFlight.removeValue(forKey: ask.index)
        }
        guard let task else { return nil }
        return await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
    }

    /// Drops the files still in flight, once the caller has ended and will ask for none of them:
    /// those not yet decoding never start; returns when the rest have finished (a decode under
    /// way is not interrupted), so nothing outlives the run.
    public func cancel() async {
        let tasks = state.withLock { state in
            state.machine.stop()
            defer { state.inFlight = [:] }
            return Array(state.inFlight.values)
        }
        for task in tasks { task.cancel() }
        for task in tasks { _ = await task.value }
    }

    /// Starts the files the rules say to, keeping their tasks.
    private func start(_ indices: [Int], in state: inout State) {
        for index in indices { state.inFlight[index] = start(index) }
    }

    /// A file read, and what came of it: a reader is free for the next.
    private func finished(_ index: Int, refused: Bool) {
        state.withLock { state in start(state.machine.finished(index, refused: refused), in: &state) }
    }

    private func start(_ index: Int) -> Task<PhotoStep, Never> {
        let (item, reader, rules, keep) = (inputs[index], reader, rules, keep)
        return Task { [weak self] in
            let probed: ProbedPhoto
            switch await PhotoStep.probe(item, index: index, reader: reader, rules: rules) {
            case .refused(let step):
                self?.finished(index, refused: true)
                return step
            case .photo(let photo):
                probed = photo
            }
            // Stopped before its decode: a file the run never reached.
            let stopped = PhotoStep(file: item.file, index: index, header: probed.header, outcome: .failure(Refusal(.notReached, size: probed.size)))
            guard !Task.isCancelled, let self else {
                self?.finished(index, refused: false)
                return stopped
            }
            await reserve(probed.decodeBytes, for: index)
            let step = Task.isCancelled ? stopped : await PhotoStep.decode(probed, file: item.file, index: index, keeping: keep(probed.size, index))
            release(probed.decodeBytes)
            finished(index, refused: false)
            return step
        }
    }

    /// Returns once `need` fits beside the decodes under way (or none is under way) and no
    /// earlier file is waiting: then it is counted as under way.
    private func reserve(_ need: Int, for index: Int) async {
        await withCheckedContinuation { (go: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                guard state.machine.reserve(need, for: index) else {
                    state.waiting[index] = go
                    return false
                }
                return true
            }
            if now { go.resume() }
        }
    }

    /// A decode has finished: the earliest waiting ones that now fit run, in order.
    private func release(_ need: Int) {
        let ready = state.withLock { state in state.machine.release(need).compactMap { state.waiting.removeValue(forKey: $0) } }
        for go in ready { go.resume() }
    }
}
