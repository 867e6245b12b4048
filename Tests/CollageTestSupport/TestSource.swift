internal import CollageLocking

/// An in-memory source that tells the test when its consumer asks for the next element: the
/// consumer of a pipeline asks again only after the previous element went all the way through,
/// so `send` followed by `untilAsked()` is a deterministic "processed" without any sleep.
public final class TestSource<Element: Sendable>: AsyncSequence, Sendable {
    private struct State {
        var queue: [Element] = []
        var finished = false
        var consumer: CheckedContinuation<Element?, Never>?
        var askWaiters: [CheckedContinuation<Void, Never>] = []
        var answered = 0
        var readers = 0
        var releaseWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    public init() {}

    public func send(_ element: Element) {
        let consumer = state.withLock { state -> CheckedContinuation<Element?, Never>? in
            if let consumer = state.consumer {
                state.consumer = nil
                state.answered += 1
                return consumer
            }
            state.queue.append(element)
            return nil
        }
        consumer?.resume(returning: element)
    }

    public func finish() {
        let consumer = state.withLock { state -> CheckedContinuation<Element?, Never>? in
            state.finished = true
            defer { state.consumer = nil }
            return state.consumer
        }
        consumer?.resume(returning: nil)
    }

    /// Returns once the consumer is waiting for an element the source does not have yet.
    public func untilAsked() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if state.consumer != nil { return true }
                state.askWaiters.append(waiter)
                return false
            }
            if ready { waiter.resume() }
        }
    }

    /// How many elements the consumer has taken so far.
    public var taken: Int { state.withLock { $0.answered } }

    public func makeAsyncIterator() -> Iterator {
        state.withLock { $0.readers += 1 }
        return Iterator(source: self, reader: Reader(source: self))
    }

    /// Returns once no iterator of this source is left (every reader has ended and let go of it):
    /// a consumer that was cancelled has really stopped reading, not merely paused.
    public func untilNoReader() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if state.readers == 0 { return true }
                state.releaseWaiters.append(waiter)
                return false
            }
            if ready { waiter.resume() }
        }
    }

    /// Alive as long as the iterator it belongs to (an iterator is a struct: no deinit of its own).
    final class Reader: Sendable {
        let source: TestSource
        init(source: TestSource) { self.source = source }
        deinit { source.released() }
    }

    private func released() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.readers -= 1
            guard state.readers == 0 else { return [] }
            defer { state.releaseWaiters = [] }
            return state.releaseWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    public struct Iterator: AsyncIteratorProtocol {
        let source: TestSource
        let reader: Reader

        public func next() async -> Element? {
            let source = source
            return await withTaskCancellationHandler {
                await source.take()
            } onCancel: {
                source.cancelConsumer()
            }
        }
    }

    private func take() async -> Element? {
        await withCheckedContinuation { (consumer: CheckedContinuation<Element?, Never>) in
            let (ready, waiters) = state.withLock { state -> (Element??, [CheckedContinuation<Void, Never>]) in
                if !state.queue.isEmpty {
                    state.answered += 1
                    return (.some(state.queue.removeFirst()), [])
                }
                if state.finished || Task.isCancelled { return (.some(nil), []) }
                state.consumer = consumer
                defer { state.askWaiters = [] }
                return (nil, state.askWaiters)
            }
            if let ready { consumer.resume(returning: ready) }
            for waiter in waiters { waiter.resume() }
        }
    }

    private func cancelConsumer() {
        let consumer = state.withLock { state in
            defer { state.consumer = nil }
            return state.consumer
        }
        consumer?.resume(returning: nil)
    }
}
