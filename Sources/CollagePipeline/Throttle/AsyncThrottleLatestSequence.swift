internal import CollageLocking

extension AsyncSequence where Self: Sendable, Element: Sendable {
    /// RxSwift's `throttle(_:latest: true)`: the first element at once, then at most one element
    /// per `interval`, the newest, at the end of each interval, even if nothing else ever
    /// arrives. swift-async-algorithms' `_throttle` only emits when a later element arrives, so
    /// after a burst and silence the newest would never come out. When the upstream ends, the
    /// newest element still held is emitted before the sequence finishes. A consumer slower than
    /// the interval never falls behind: of the elements emitted while it was busy it gets only
    /// the newest, so a slow save never makes stale collages render one after another.
    ///
    /// ```swift
    /// for try await selection in selections.throttle(for: .milliseconds(500), clock: .continuous) {
    ///     render(selection)  // at once for the first photo, then twice a second at most
    /// }
    /// ```
    public func throttle<C: Clock>(for interval: C.Duration, clock: C) -> AsyncThrottleLatestSequence<Self, C> {
        AsyncThrottleLatestSequence(base: self, interval: interval, clock: clock)
    }

    /// `throttle(for:clock:)` on the continuous clock.
    public func throttle(for interval: Duration) -> AsyncThrottleLatestSequence<Self, ContinuousClock> {
        throttle(for: interval, clock: ContinuousClock())
    }
}

/// An asynchronous sequence that emits the first element at once and then the newest element at
/// the end of each interval.
public struct AsyncThrottleLatestSequence<Base: AsyncSequence & Sendable, C: Clock>: AsyncSequence, Sendable
where Base.Element: Sendable {
    public typealias Element = Base.Element

    let base: Base
    let interval: C.Duration
    let clock: C

    /// Starts reading the upstream: the first element must not wait for the first `next()`.
    public func makeAsyncIterator() -> Iterator {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Element.self, bufferingPolicy: .bufferingNewest(1))
        let driver = ThrottleDriver(base: base, interval: interval, clock: clock, output: continuation)
        continuation.onTermination = { _ in driver.cancel() }
        driver.start()
        return Iterator(output: stream.makeAsyncIterator())
    }

    public struct Iterator: AsyncIteratorProtocol {
        var output: AsyncThrowingStream<Element, any Error>.Iterator

        public mutating func next() async throws -> Element? {
            try await output.next()
        }
    }
}

/// Runs the state machine: one task reads the upstream, one sleeps until the window ends. Every
/// action is carried out under the machine's lock, so emissions keep the order it chose. The
/// tasks have a lock of their own: finishing the output calls `cancel()` synchronously.
private final class ThrottleDriver<Base: AsyncSequence & Sendable, C: Clock>: Sendable where Base.Element: Sendable {
    typealias Element = Base.Element
    typealias Machine = ThrottleStateMachine<Element, C.Instant>

    private struct Tasks {
        var reader: Task<Void, Never>?
        var timer: Task<Void, Never>?
        var cancelled = false
    }

    private let base: Base
    private let clock: C
    private let output: AsyncThrowingStream<Element, any Error>.Continuation
    private let machine: Locked<Machine>
    private let tasks = Locked(Tasks())

    init(base: Base, interval: C.Duration, clock: C, output: AsyncThrowingStream<Element, any Error>.Continuation) {
        self.base = base
        self.clock = clock
        self.output = output
        machine = Locked(Machine(interval: interval))
    }

    func start() {
        let reader = Task { [self] in
            do {
                for try await element in base {
                    let now = clock.now
                    machine.withLock { perform($0.received(element, at: now)) }
                }
                machine.withLock { perform($0.upstreamFinished()) }
            } catch {
                output.finish(throwing: error)
            }
        }
        keep(reader, in: \.reader)
    }

    func cancel() {
        let running = tasks.withLock { tasks in
            tasks.cancelled = true
            return [tasks.reader, tasks.timer]
        }
        for task in running { task?.cancel() }
    }

    /// Keeps `task` where `cancel()` can reach it, cancelling the one it replaces (a window
    /// closed early by an arrival leaves a stale timer); made after cancellation, it is cancelled.
    private func keep(_ task: Task<Void, Never>, in slot: WritableKeyPath<Tasks, Task<Void, Never>?>) {
        tasks.withLock { tasks in
            tasks[keyPath: slot]?.cancel()
            tasks[keyPath: slot] = task
            if tasks.cancelled { task.cancel() }
        }
    }

    private func perform(_ action: Machine.Action) {
        switch action {
        case .none:
            break
        case .emit(let element, let windowEnd):
            output.yield(element)
            let timer = Task { [self] in
                do { try await clock.sleep(until: windowEnd, tolerance: nil) } catch { return }
                let now = clock.now
                machine.withLock { perform($0.windowEnded(at: now)) }
            }
            keep(timer, in: \.timer)
        case .finish(let element):
            if let element { output.yield(element) }
            output.finish()
        }
    }
}
