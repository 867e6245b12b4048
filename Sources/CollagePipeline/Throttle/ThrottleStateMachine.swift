/// The rules of `throttle(for:clock:)`, free of tasks and clocks so they can be tested with values.
///
/// Idle, an element is emitted at once and opens a window. Inside a window the newest element is
/// kept; when the window ends it is emitted and opens the next window, or, if nothing came, the
/// throttle goes idle again. When the upstream ends, a kept element is emitted before finishing.
struct ThrottleStateMachine<Element, Instant: InstantProtocol> {
    enum State {
        case idle
        case throttling(until: Instant, latest: Element?)
        case finished
    }

    /// What the driver must do after an event.
    enum Action {
        case none
        /// Emit, then wake the machine at `windowEnd`.
        case emit(Element, windowEnd: Instant)
        /// Emit the element if any, then finish the output.
        case finish(Element?)
    }

    private(set) var state: State = .idle
    let interval: Instant.Duration

    init(interval: Instant.Duration) {
        self.interval = interval
    }

    mutating func received(_ element: Element, at now: Instant) -> Action {
        switch state {
        case .idle:
            let end = now.advanced(by: interval)
            state = .throttling(until: end, latest: nil)
            return .emit(element, windowEnd: end)
        case .throttling(let until, let latest) where now >= until:
            // The window is over but its timer has not run yet: decide by the clock, not by
            // which task runs first. What the window held goes out; the new element waits.
            guard let latest else {
                state = .idle
                return received(element, at: now)
            }
            let end = now.advanced(by: interval)
            state = .throttling(until: end, latest: element)
            return .emit(latest, windowEnd: end)
        case .throttling(let until, _):
            state = .throttling(until: until, latest: element)
            return .none
        case .finished:
            return .none
        }
    }

    mutating func windowEnded(at now: Instant) -> Action {
        guard case .throttling(let until, let latest) = state, now >= until else { return .none }
        guard let latest else {
            state = .idle
            return .none
        }
        let end = now.advanced(by: interval)
        state = .throttling(until: end, latest: nil)
        return .emit(latest, windowEnd: end)
    }

    mutating func upstreamFinished() -> Action {
        defer { state = .finished }
        switch state {
        case .throttling(_, let latest): return .finish(latest)
        case .idle: return .finish(nil)
        case .finished: return .none
        }
    }
}

extension ThrottleStateMachine: Sendable where Element: Sendable, Instant: Sendable {}
extension ThrottleStateMachine.State: Sendable where Element: Sendable, Instant: Sendable {}
