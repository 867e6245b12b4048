import CollageCore
import CollagePipeline
import CollageSources
import CollageLocking
import CollageFiles

/// In-memory photos whose probes or decodes wait at a gate until the test opens it (or the
/// waiting task is cancelled), and which count what is under way: how a test sees a reader
/// that reads ahead, without a clock.
final class GatedPhotos: PhotoReader {
    enum Stage: Sendable { case none, probe, decode }

    let photos: InMemoryPhotos
    let stage: Stage
    /// The memory each photo's header would say its decode needs (none when not listed).
    let needs: [String: Int]
    /// The name of each file as it reaches its gate.
    let arrivals: AsyncStream<String>
    private let arrived: AsyncStream<String>.Continuation
    private let state = Locked(State())

    private struct State {
        var opened: Set<String> = []
        var waiting: [String: CheckedContinuation<Void, Never>] = [:]
        var probed: [String] = []
        var inFlight = 0
        var mostInFlight = 0
    }

    init(_ photos: InMemoryPhotos, gating stage: Stage, needs: [String: Int] = [:]) {
        self.photos = photos
        self.needs = needs
        self.stage = stage
        (arrivals, arrived) = AsyncStream.makeStream(of: String.self)
    }

    /// Every file probed, in the order the probes began.
    var probed: [String] { state.withLock { $0.probed } }
    /// The most gated stages under way at once.
    var mostInFlight: Int { state.withLock { $0.mostInFlight } }

    /// Lets `name` through its gate, now or whenever it gets there.
    func open(_ name: String) {
        let waiting = state.withLock { state in
            state.opened.insert(name)
            return state.waiting.removeValue(forKey: name)
        }
        waiting?.resume()
    }

    /// Lets `names` through in order, each once `together` files (fewer near the end) have
    /// reached their gates and not yet been let through: as many as the reader may run at once.
    func release(inOrder names: [String], together: Int) async {
        var arrivals = arrivals.makeAsyncIterator()
        var (arrived, released) = (0, 0)
        while released < names.count {
            while arrived - released < min(together, names.count - released) {
                _ = await arrivals.next()
                arrived += 1
            }
            open(names[released])
            released += 1
        }
    }

    /// Lets `count` files through in the order they reach their gates, each once `together`
    /// files (fewer near the end) wait there: for a reader whose files may start in any order
    /// (decodes that wait for memory start as it frees, not by name).
    func releaseAsTheyArrive(count: Int, together: Int) async {
        var arrivals = arrivals.makeAsyncIterator()
        var (waiting, released): ([String], Int) = ([], 0)
        while released < count {
            while waiting.count < min(together, count - released) {
                guard let name = await arrivals.next() else { return }
                waiting.append(name)
            }
            open(waiting.removeFirst())
            released += 1
        }
    }

    func probe(_ file: PhotoFile) async -> Result<ProbedPhoto, Rejection> {
        let name = file.description
        state.withLock { $0.probed.append(name) }
        if stage == .probe { await pass(name) }
        let result = await photos.probe(file)
        guard stage == .decode, case .success(let probed) = result else { return result }
        return .success(ProbedPhoto(size: probed.size, decodeBytes: needs[name] ?? 0) { kept in
            await self.pass(name)
            return await probed.decode(keeping: kept)
        })
    }

    private func pass(_ name: String) async {
        state.withLock { state in
            state.inFlight += 1
            state.mostInFlight = max(state.mostInFlight, state.inFlight)
        }
        arrived.yield(name)
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state -> Bool in
                    if state.opened.contains(name) { return true }
                    state.waiting[name] = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            open(name)
        }
        state.withLock { $0.inFlight -= 1 }
    }
}
