internal import AsyncAlgorithms
internal import CollageLocking
internal import CollageFiles

/// A session's one input stream, merged once per session: the folder's files (then its end),
/// the session's commands and the clock's wake-ups, in the order they happen. Each feeder waits
/// until the session took what it sent (a channel), and the folder is asked for its next file
/// only once the session is done with the last (`taken()`): what a watch's folder and a test's
/// source rely on.
final class SessionInputs<C: Clock<Duration>>: Sendable {
    let stream = AsyncChannel<SessionInput>()
    private let clock: C
    private let feeders: [Task<Void, Never>]
    private let timer = Locked<Task<Void, Never>?>(nil)
    private let done: AsyncStream<Void>.Continuation

    init<Files: AsyncSequence<PhotoFile, Never> & Sendable>(_ files: Files, commands: SessionCommands?, clock: C) {
        let stream = stream
        let (taken, done) = AsyncStream.makeStream(of: Void.self)
        self.clock = clock
        self.done = done
        feeders = [
            Task {
                var files = files.makeAsyncIterator(), taken = taken.makeAsyncIterator()
                while let file = await files.next(isolation: nil) {
                    await stream.send(.file(file))
                    guard await taken.next() != nil else { return }
                }
                await stream.send(.ended)
            },
            Task {
                guard let commands else { return }
                for await command in commands.stream { await stream.send(.command(command)) }
            },
        ]
    }

    deinit { stop() }

    /// The session is done with the file it took last: the folder's next one may come.
    func taken() {
        done.yield()
    }

    /// Sends a wake-up at `deadline`, instead of the one asked for before.
    func wake(at deadline: C.Instant) {
        let (clock, stream) = (clock, stream)
        let next = Task {
            do { try await clock.sleep(until: deadline, tolerance: nil) } catch { return }
            await stream.send(.deadline)
        }
        timer.withLock { timer in
            timer?.cancel()
            timer = next
        }
    }

    /// The session is over: nothing is fed any more.
    func stop() {
        done.finish()
        for feeder in feeders { feeder.cancel() }
        timer.withLock { $0?.cancel() }
    }
}
