internal import CollagePipeline
internal import CollageLocking
internal import CollageTerminal
internal import CollageWriting
internal import CollageSaving

/// A booth's session run over its source until it ends, and what its ending means.
extension WatchRun {
    /// Runs `session` over the changes `watcher` finds until it ends: complete, its source
    /// stopped by a first stop request or gone with the folder, or cancelled by a second stop
    /// request. `finishing` runs once nothing is watched any more (stop requests still heard).
    static func watch<Source: BoothSource, C: Clock<Duration>, Stops: AsyncSequence<StopRequest, Never> & Sendable>(
        _ session: WatchSession<C>, from watcher: Source, stop: Stops, finish: FinishRequests, finishing: () async -> Void
    ) async -> WatchEnd {
        let watching = Task { try await watcher.run() }
        let working = Task { try await session.run(watcher.changes) }
        let signal = Locked<Int32?>(nil)
        let listening = Task {
            for await request in stop {
                switch request {
                case .finish(let number):
                    signal.withLock { $0 = $0 ?? number }
                    watcher.stop()
                case .now:
                    TerminalGuard.restoreAll()
                    working.cancel()
                case .finishBatch:
                    finish.send()
                }
            }
        }
        let outcome = await working.result
        // Nothing reads the changes any more: stop watching, and cancel the hand-over of
        // changes that came meanwhile (a channel's send waits for a reader).
        watcher.stop()
        watching.cancel()
        let watched = await watching.result
        await finishing()
        listening.cancel()
        return end(of: outcome, watched: watched, signal: signal.withLock { $0 })
    }

    /// The end a session's outcome means: a save that failed for good, a signal, or the source
    /// ending on its own (only the folder going away can end it).
    static func end<C: Clock<Duration>>(of outcome: Result<WatchSession<C>.Outcome, any Error>, watched: Result<Void, any Error>,
                                        signal: Int32?) -> WatchEnd {
        switch outcome {
        case .success(.complete):
            return .complete
        case .failure(let error as WatchStopError):
            return .cannotWrite(error.description)
        case .failure(let error as WriteError):
            return .cannotWrite(error.description)
        case .failure(let error) where !(error is CancellationError):
            return .cannotWrite(String(describing: error))
        default:
            if let signal { return .interrupted(signal: signal) }
            if case .failure(let error) = watched { return .folderGone(String(describing: error)) }
            return .folderGone(nil)
        }
    }
}
