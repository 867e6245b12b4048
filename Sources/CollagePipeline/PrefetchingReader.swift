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
public final class PrefetchingReader: PhotoReader {
    private let files: [PhotoFile]
    /// Inputs refused before any read, by their index.
    private let known: [Int: Rejection]
    private let flow: CollageFlow
    private let depth: Int
    private let memory: Int
    private let state = Locked(State())

    /// What a file read ahead gave: its probe, carrying its decode when it passed the shape rule.
    typealias Prefetched = Result<ProbedPhoto, Rejection>

    private struct State {
        /// How many files the chain has asked for (it is deciding the last), and the next to start.
        var asked = 0
        var next = 0
        /// Files started and not yet taken by the chain, and how many of them are still reading.
        var inFlight: [Int: Task<Prefetched, Never>] = [:]
        var reading = 0
        /// Files whose header already ruled them out: they take no room.
        var refused: Set<Int> = []
        /// The photos the chain has taken so far.
        var taken = 0
        /// The memory the decodes under way need, and the decodes waiting for room, by index.
        var committed = 0
        var waiting: [Int: (need: Int, go: CheckedContinuation<Void, Never>)] = [:]
        /// After `cancel()`, or once the chain asks for a file out of order: read directly.
        var stopped = false
    }

    /// Reads `inputs` through `flow` (its reader, rules, plan and log), `depth` files at once.
    /// `memory` is the most the decodes under way may need at once.
    public init(_ inputs: [PhotoInputs.Item], flow: CollageFlow, depth: Int, memory: Int = DecodeLimits.defaultMaximumDecodeBytes) {
        self.memory = memory
        files = inputs.map(\.file)
        known = Dictionary(uniqueKeysWithValues: inputs.enumerated().compactMap { index, item in
            if case .unusable(_, let rejection) = item { return (index, rejection) }
            return nil
        })
        self.flow = flow
        self.depth = max(1, depth)
    }

    /// Runs the chain over the inputs: the decision on each file, in order, each reported to the
    /// flow's log as it is made. When the collage fills up, takeWhile ends the chain: the files
    /// after it were never read, and are over the limit.
    public func read() async -> [Decision] {
        var chain = flow
        chain.reader = self
        var decisions: [Decision] = []
        var selection = Selection(limit: flow.layout.limit, similarity: flow.similarity)
        for await decision in chain.decisions(from: files.async) {
            decisions.append(decision)
            selection = decision.selection
            state.withLock { $0.taken = selection.count }
        }
        await cancel()
        for file in files.dropFirst(decisions.count) {
            let decision = Decision(file: file, outcome: .skipped(.overLimit(selection.limit), size: nil), selection: selection)
            flow.log(PipelineEvent(decision))
            decisions.append(decision)
        }
        return decisions
    }

    public func probe(_ file: PhotoFile) async -> Result<ProbedPhoto, Rejection> {
        let (task, index) = state.withLock { state -> (Task<Prefetched, Never>?, Int) in
            let index = state.asked
            state.asked += 1
            guard !state.stopped, index < files.count, files[index] == file else {
                state.stopped = true
                return (nil, index)
            }
            fill(&state)
            return (state.inFlight.removeValue(forKey: index), index)
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
        let (room, current) = (flow.layout.limit - state.taken, state.asked - 1)
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
        let (file, known, flow) = (files[index], known[index], flow)
        return Task { [weak self] in
            let probe = if let known { Prefetched.failure(known) } else { await flow.reader.probe(file) }
            guard case .success(var probed) = probe, PhotoRules.shape(probed.size, accepted: flow.accept) == nil else {
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
                guard state.waiting.isEmpty, Self.fits(need, in: state, memory: memory) else {
                    state.waiting[index] = (need, go)
                    return false
                }
                state.committed += need
                return true
            }
            if now { go.resume() }
        }
    }

    /// A decode has finished: the earliest waiting ones that now fit run, in order.
    private func release(_ need: Int) {
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.committed -= need
            var ready: [CheckedContinuation<Void, Never>] = []
            while let first = state.waiting.keys.min(), let next = state.waiting[first], Self.fits(next.need, in: state, memory: memory) {
                state.waiting[first] = nil
                state.committed += next.need
                ready.append(next.go)
            }
            return ready
        }
        for go in ready { go.resume() }
    }

    private static func fits(_ need: Int, in state: State, memory: Int) -> Bool {
        state.committed == 0 || state.committed + need <= memory
    }
}
