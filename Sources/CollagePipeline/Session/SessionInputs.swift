internal import CollageLocking
internal import CollageSources

/// A session's one input stream, merged once per session: the folder's changes (then its end),
/// the operator's finish requests and the clock's wake-ups, in the order they came. A mailbox,
/// not a channel: the driver takes one input at a time (`next()`), and once a file is read it
/// takes everything that came meanwhile (`drain()`), so a photo gone while it was read is known
/// before its result counts.
final class SessionInputs<C: Clock<Duration>>: Sendable {
    private struct Mailbox {
        var inputs: [SessionInput] = []
        var head = 0
        var reader: CheckedContinuation<SessionInput?, Never>?
        var closed = false

        /// The oldest input not taken yet.
        mutating func take() -> SessionInput? {
            guard head < inputs.count else { return nil }
            defer {
                head += 1
                if head == inputs.count { (inputs, head) = ([], 0) }
            }
            return inputs[head]
        }

        mutating func takeReader() -> CheckedContinuation<SessionInput?, Never>? {
            defer { reader = nil }
            return reader
        }
    }

    private let clock: C
    private let mailbox = Locked(Mailbox())
    private let feeders: Locked<[Task<Void, Never>]> = Locked([])
    private let timer = Locked<Task<Void, Never>?>(nil)

    init<Changes: AsyncSequence<FolderChange, Never> & Sendable>(_ changes: Changes, finish: FinishRequests?, clock: C) {
        self.clock = clock
        let feeding = [
            Task { [self] in
                for await change in changes { post(.change(change)) }
                post(.ended)
            },
            Task { [self] in
                guard let finish else { return }
                for await _ in finish.stream { post(.finishNow) }
            },
        ]
        feeders.withLock { $0 = feeding }
    }

    deinit { stop() }

    /// The next input, waiting for one; nil once stopped or when the waiting task is cancelled.
    func next() async -> SessionInput? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (reader: CheckedContinuation<SessionInput?, Never>) in
                let ready: SessionInput?? = mailbox.withLock { mailbox in
                    if let input = mailbox.take() { return .some(input) }
                    if mailbox.closed || Task.isCancelled { return .some(nil) }
                    mailbox.reader = reader
                    return nil
                }
                if let ready { reader.resume(returning: ready) }
            }
        } onCancel: {
            mailbox.withLock { $0.takeReader() }?.resume(returning: nil)
        }
    }

    /// How many inputs came and were not taken yet.
    var waiting: Int {
        mailbox.withLock { $0.inputs.count - $0.head }
    }

    /// Every input that came and was not taken yet, in order, without waiting.
    func drain() -> [SessionInput] {
        mailbox.withLock { mailbox in
            defer { (mailbox.inputs, mailbox.head) = ([], 0) }
            return Array(mailbox.inputs[mailbox.head...])
        }
    }

    /// Sends a wake-up at `deadline`, instead of the one asked for before.
    func wake(at deadline: C.Instant) {
        let clock = clock
        let next = Task { [weak self] in
            do { try await clock.sleep(until: deadline, tolerance: nil) } catch { return }
            self?.post(.deadline)
        }
        timer.withLock { timer in
            timer?.cancel()
            timer = next
        }
    }

    /// The session is over: nothing is fed any more, and a waiting `next()` returns nil.
    func stop() {
        for feeder in feeders.withLock({ $0 }) { feeder.cancel() }
        timer.withLock { $0?.cancel() }
        mailbox.withLock { mailbox in
            mailbox.closed = true
            return mailbox.takeReader()
        }?.resume(returning: nil)
    }

    private func post(_ input: SessionInput) {
        mailbox.withLock { mailbox -> CheckedContinuation<SessionInput?, Never>? in
            guard !mailbox.closed else { return nil }
            guard let reader = mailbox.takeReader() else {
                mailbox.inputs.append(input)
                return nil
            }
            return reader
        }?.resume(returning: input)
    }
}

/// One thing a session takes, in the order it came: a change to the folder, the operator's
/// finish request, the wake-up the session machine asked for, or the folder's end.
enum SessionInput: Sendable, Equatable {
    case change(FolderChange)
    case finishNow
    case deadline
    case ended
}
