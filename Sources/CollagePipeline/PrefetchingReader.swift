internal import CollageEvents
internal import CollageCanvas
public import CollageCore
public import CollageCodecs
internal import AsyncAlgorithms
public import CollageSources
internal import CollageLocking
public import CollageFiles
internal import CollageWriting

/// `build`'s reader: runs the chain over the inputs, known up front, reading ahead of it, and
/// returns what the chain decided about each file. While the chain decides one file, the next
/// ones are already being probed and, when their header passes the shape rule, decoded: `depth`
/// files at once (the cores this process may use), in order, each core taking the next file as
/// soon as it is free, so a quick photo never waits behind a slow one.
///
/// The chain itself is untouched: it still asks for one file after another, in order, and
/// applies every rule in order (takeWhile, shape, unique against every photo taken). What it
/// gets is what the flow's reader gives for that file, so the result is the result of a
/// sequential run:
/// - a photo is decoded ahead only at the size the chain will ask for, when that is known ahead
///   (`KeptSizePlan.planned`); without it only headers are read ahead. Were the chain to ask for
///   another size, it is decoded again, as asked.
/// - a file whose header fails the shape rule is never decoded.
/// - a file is read ahead only if the chain is sure to reach it: no more files are started than
///   the photos still to take (the room this reader counts from the chain's decisions) could
///   use, so the files after the last photo used are never read, as takeWhile promises.
/// - at most `depth` files are being read at once, and at most `2 * depth - 1` are ahead of the
///   chain, decoded or not: memory stays a few kept photos.
/// - the decodes under way never need more memory together than `memory` (`--max-memory`, each
///   photo's need read from its header): a decode that would go over waits for one to finish,
///   the earliest file first, so the current file, which the chain waits for, is the next to
///   run; one that fits alone always runs (one over the budget alone was refused at its header).
/// - once the chain ends, whatever is still in flight is dropped (`cancel()`).
/// - an input already known to be unusable (a folder that cannot be listed) is refused in its
///   place in the order, without being read.
/// The codec work runs where the flow's reader puts it (`Blocking`), off the cooperative pool.
/// The rules above are `PrefetchStateMachine`'s, decided by value; this reader keeps the tasks,
/// the waiting decodes' continuations and the lock, and does the reading.
public final class PrefetchingReader: PhotoReader {
    private let files: [PhotoFile]
    /// Inputs refused before any read, by their index.
    private let known: [Int: Rejection]
    private let flow: CollageFlow
    private let state: Locked<State>

    /// What a file read ahead gave: its probe, carrying its decode when it passed the shape rule.
    typealias Prefetched = Result<ProbedPhoto, Rejection>

    private struct State {
        var rules: PrefetchStateMachine
        /// Files started and not yet taken by the chain.
        var inFlight: [Int: Task<Prefetched, Never>] = [:]
        /// The decodes waiting for room in the memory budget, by index.
        var waiting: [Int: CheckedContinuation<Void, Never>] = [:]
    }

    /// Reads `inputs` through `flow` (its reader, rules, plan and log), `depth` files at once.
    /// `memory` is the most the decodes under way may need at once.
    public init(_ inputs: [PhotoInputs.Item], flow: CollageFlow, depth: Int, memory: Int = DecodeLimits.defaultMaximumDecodeBytes) {
        files = inputs.map(\.file)
        known = Dictionary(uniqueKeysWithValues: inputs.enumerated().compactMap { index, item in
            if case .unusable(_, let rejection) = item { return (index, rejection) }
            return nil
        })
        self.flow = flow
        state = Locked(State(rules: PrefetchStateMachine(files: inputs.count, depth: depth, limit: flow.layout.limit, memory: memory)))
    }

    /// Runs the chain over the inputs: the decision on each file, in order, each reported to the
    /// flow's log as it is made. When the collage fills up, takeWhile ends the chain: the files
    /// after it were never read, and are over the limit. Stopped before (cancelled), the chain
    /// ends early: the files it never reached are said to be, not over any limit.
    public func read() async -> [Decision] {
        var chain = flow
        chain.reader = self
        var decisions: [Decision] = []
        var selection = Selection(limit: flow.layout.limit, similarity: flow.similarity)
        for await decision in chain.decisions(from: files.async) {
            decisions.append(decision)
            selection = decision.selection
            state.withLock { $0.rules.taken = selection.count }
        }
        await cancel()
        let unread: Rejection = selection.isFull ? .overLimit(selection.limit) : .notReached
        for file in files.dropFirst(decisions.count) {
            let decision = Decision(file: file, outcome: .skipped(unread, size: nil), selection: selection)
            flow.log(PipelineEvent(decision))
            decisions.append(decision)
        }
        return decisions
    }

    public func probe(_ file: PhotoFile) async -> Result<ProbedPhoto, Rejection> {
        let (task, index) = state.withLock { state -> (Task<Prefetched, Never>?, Int) in
            let expected = state.rules.asked
            switch state.rules.ask(inOrder: expected < files.count && files[expected] == file) {
            case .readDirectly(let index):
                return (nil, index)
            case .take(let index, let starting):
                start(starting, in: &state)
                return (state.inFlight.removeValue(forKey: index), index)
            }
        }
        guard let task else {
            if index < files.count, files[index] == file, let rejection = known[index] { return .failure(rejection) }
            return await flow.reader.probe(file)
        }
        return await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
    }

    /// Drops the files still in flight, once the chain has ended and will ask for none of them:
    /// those not yet decoding never start; returns when the rest have finished (a decode under
    /// way is not interrupted), so nothing outlives the run.
    public func cancel() async {
        let tasks = state.withLock { state in
            state.rules.stop()
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
        state.withLock { state in start(state.rules.finished(index, refused: refused), in: &state) }
    }

    private func start(_ index: Int) -> Task<Prefetched, Never> {
        let (file, known, flow) = (files[index], known[index], flow)
        return Task { [weak self] in
            let probe = if let known { Prefetched.failure(known) } else { await flow.reader.probe(file) }
            guard case .success(var probed) = probe, flow.rules.shape(probed.size) == nil else {
                self?.finished(index, refused: true)
                return probe
            }
            guard flow.plan.isKnownAhead, !Task.isCancelled else {
                self?.finished(index, refused: false)
                return probe
            }
            await self?.reserve(probed.decodeBytes, for: index)
            if !Task.isCancelled {
                await probed.decodeAhead(keeping: flow.keptSize(of: probed.size, file: index, position: 0))
            }
            self?.release(probed.decodeBytes)
            self?.finished(index, refused: false)
            return .success(probed)
        }
    }

    /// Returns once `need` fits beside the decodes under way (or none is under way) and no
    /// earlier file is waiting: then it is counted as under way.
    private func reserve(_ need: Int, for index: Int) async {
        await withCheckedContinuation { (go: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                guard state.rules.reserve(need, for: index) else {
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
        let ready = state.withLock { state in state.rules.release(need).compactMap { state.waiting.removeValue(forKey: $0) } }
        for go in ready { go.resume() }
    }
}
