internal import CollageLocking

/// A one-shot run (`build`, `build --pages`) stopped by the executable's signal trap.
struct StopListener: Sendable {
    private let listening: Task<Void, Never>
    private let first = Locked<Int32?>(nil)

    /// Any stop request cancels `task` (a save in flight removes its temporary file), except
    /// finish-now, which only a booth's open collage hears.
    init<Value: Sendable, Stops: AsyncSequence<StopRequest, Never> & Sendable>(cancelling task: Task<Value, Never>, on stop: Stops) {
        let first = first
        listening = Task {
            for await request in stop {
                if case .finishBatch = request { continue }
                if case .finish(let number) = request { first.withLock { $0 = $0 ?? number } }
                task.cancel()
            }
        }
    }

    /// The signal that asked first, for the exit status; nil if none did.
    var signal: Int32? { first.withLock { $0 } }

    /// The run is over: later signals change nothing.
    func end() { listening.cancel() }

    /// Runs `work` until it returns, any stop request cancelling it on the way: its value, and
    /// the signal that asked first (nil if none did).
    static func run<Value: Sendable, Stops: AsyncSequence<StopRequest, Never> & Sendable>(
        _ work: @escaping @Sendable () async -> Value, stoppedBy stop: Stops
    ) async -> (value: Value, signal: Int32?) {
        let working = Task { await work() }
        let listener = StopListener(cancelling: working, on: stop)
        let value = await working.value
        listener.end()
        return (value, listener.signal)
    }
}
