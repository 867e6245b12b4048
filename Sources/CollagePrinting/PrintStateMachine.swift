internal import CollageFiles
internal import CollageWriting

/// The rules of printing, free of files, processes, print servers and clocks so they can be
/// tested with values: one print at a time, in the order asked; at most `limit` a session; only
/// the bytes the booth saved; with a journal, the intent recorded before the print and the
/// outcome after. A failed print is tried as `retry` says; once those tries fail it is recorded
/// as failed and tried again, a round at a time, after a pause that grows from
/// `backoff.firstDelay` to `backoff.longest`, for as long as the booth runs (a printer out of
/// paper for a minute prints its strips once it is back), the prints asked after it going first
/// meanwhile. A print the print server may have already (tried before, or in doubt after a
/// crash) is asked of it first where it can be asked (CUPS): a job it has is never sent twice;
/// where it cannot be asked (a command), a print in doubt is named, never sent again.
///
/// ```
/// var machine = PrintStateMachine<ContinuousClock.Instant>(limit: nil, canAsk: false)
/// machine.asked(job, at: now)            // [.check(job)]
/// machine.checked(job, nil, at: now)     // [.begin(job)]  (a booth's job; .submit(job) without a journal)
/// machine.began(job, .success(true))     // [.submit(job)]
/// machine.submitted(job, nil, at: now)   // [.end(job, printed: true)]
/// ```
struct PrintStateMachine<Instant: InstantProtocol>: Sendable where Instant: Sendable, Instant.Duration == Duration {
    enum Action: Sendable, Equatable {
        /// Check the file under the collage's name against the bytes saved, and copy them
        /// privately for the printer; say `checked`.
        case check(PrintJob)
        /// It is not printed, and why.
        case skip(PrintJob, PrintSkip)
        /// Record in the journal that it is about to print; say `began`.
        case begin(PrintJob)
        /// Ask the print server whether it has this job already; say `found`.
        case find(PrintJob)
        /// Send it to the printer; say `submitted`.
        case submit(PrintJob)
        /// A try failed: tried again in `retryIn` (the next try, or the next round once this one
        /// is over), or (nil, the booth stopping) left for a restart.
        case failed(PrintJob, PrintFailure, retryIn: Duration?)
        /// Record its outcome and report it: printed, or failed for now (tried again later).
        case end(PrintJob, printed: Bool)
        /// It may or may not be on paper and the printer cannot be asked: named once, never
        /// printed again by the booth.
        case unknown(PrintJob)
        /// Wake the machine (`woke(at:)`) at this instant.
        case wake(at: Instant)
    }

    /// A print asked for: whether the server may have it already, the rounds it has had, and
    /// whether it counts against `limit` already.
    struct Entry: Sendable, Equatable {
        var job: PrintJob
        var mayExist = false
        var inDoubt = false
        var round = 1
        var counted = false
    }

    /// The print under way: its entry, its try in this round, and whether it waits for a retry.
    struct Current: Sendable, Equatable {
        var entry: Entry
        var attempt = 1
        var retryAt: Instant?
    }

    let limit: Int?
    /// Whether the print server can be asked which jobs it has (CUPS; not a command).
    let canAsk: Bool
    let retry: RetryPolicy
    let backoff: PrintBackoff
    private(set) var queue: [Entry] = []
    private(set) var current: Current?
    /// Prints failed for good, each with the instant its next round is due.
    private(set) var later: [(entry: Entry, due: Instant)] = []
    /// Prints sent this session (`--max-prints` counts them), each once whatever its tries.
    private(set) var printed = 0
    /// The booth is stopping: no new round, no wait for one.
    private(set) var finishing = false

    init(limit: Int?, canAsk: Bool, retry: RetryPolicy = .standard, backoff: PrintBackoff = .standard) {
        self.limit = limit
        self.canAsk = canAsk
        self.retry = retry
        self.backoff = backoff
    }

    /// Nothing under way, asked for, or waiting for its next round.
    var isIdle: Bool { current == nil && queue.isEmpty && later.isEmpty }

    /// A collage to print. `mayExist`: it was sent before and its outcome is not known to be a
    /// failure the server never saw (a journal's `print-failed`); `inDoubt`: it may be on paper
    /// (a crash while it printed, or a journal older than the booth's count of prints).
    mutating func asked(_ job: PrintJob, mayExist: Bool = false, inDoubt: Bool = false, at now: Instant) -> [Action] {
        if inDoubt, !canAsk { return [.unknown(job)] }
        queue.append(Entry(job: job, mayExist: mayExist || inDoubt, inDoubt: inDoubt))
        return next(at: now)
    }

    /// The check of the current print's file: nil when it is the file saved and its copy is made.
    mutating func checked(_ job: PrintJob, _ skip: PrintSkip?, at now: Instant) -> [Action] {
        guard let entry = current?.entry, entry.job == job else { return [] }
        if let skip { return finish(with: .skip(job, skip), at: now) }
        return job.journaled ? [.begin(job)] : send()
    }

    /// The journal's intent: recorded (true), not one to print now (false), or not recorded.
    mutating func began(_ job: PrintJob, _ result: Result<Bool, FileError>, at now: Instant) -> [Action] {
        guard current?.entry.job == job else { return [] }
        switch result {
        case .success(true): return send()
        case .success(false): return finish(with: .skip(job, .notToPrint), at: now)
        case .failure(let error): return finish(with: .skip(job, .notNow(error.description)), at: now)
        }
    }

    /// What the server said of the job: it has it (it is printed, or printing), it has not, or
    /// it could not be asked (a failed try).
    mutating func found(_ job: PrintJob, _ result: Result<Bool, PrintFailure>, at now: Instant) -> [Action] {
        guard current?.entry.job == job else { return [] }
        switch result {
        case .success(true): return finish(with: .end(job, printed: true), at: now)
        case .success(false): return [.submit(job)]
        case .failure(let failure): return submitted(job, failure, at: now)
        }
    }

    /// How sending it ended: printed (nil), or why not.
    mutating func submitted(_ job: PrintJob, _ failure: PrintFailure?, at now: Instant) -> [Action] {
        guard var current, current.entry.job == job else { return [] }
        guard let failure else { return finish(with: .end(job, printed: true), at: now) }
        // A server that failed to answer may still have made the job: ask before sending again.
        current.entry.mayExist = true
        if let wait = retry.delay(after: current.attempt) {
            current.attempt += 1
            current.retryAt = now.advanced(by: wait)
            self.current = current
            return [.failed(job, failure, retryIn: wait), .wake(at: now.advanced(by: wait))]
        }
        self.current = nil
        guard !finishing else { return [.failed(job, failure, retryIn: nil), .end(job, printed: false)] + next(at: now) }
        var entry = current.entry
        entry.round += 1
        let wait = backoff.delay(beforeRound: entry.round)
        later.append((entry, now.advanced(by: wait)))
        return [.failed(job, failure, retryIn: wait), .end(job, printed: false)] + next(at: now)
    }

    /// A wake-up: a retry due, or a round due for a print failed before.
    mutating func woke(at now: Instant) -> [Action] {
        if var current, let due = current.retryAt {
            guard now >= due else { return [] }
            current.retryAt = nil
            self.current = current
            return send()
        }
        return next(at: now)
    }

    /// The booth is stopping: what is asked for is still printed (each with its tries), but no
    /// print failed for good gets another round.
    mutating func finish(at now: Instant) -> [Action] {
        finishing = true
        later = []
        return next(at: now)
    }

    /// The current print is over with `action`; the next one starts.
    private mutating func finish(with action: Action, at now: Instant) -> [Action] {
        current = nil
        return [action] + next(at: now)
    }

    /// Sends the current print: asking the server first when it may have it. Its first send
    /// counts against `limit`.
    private mutating func send() -> [Action] {
        guard var current else { return [] }
        if !current.entry.counted {
            current.entry.counted = true
            printed += 1
            self.current = current
        }
        return current.entry.mayExist && canAsk ? [.find(current.entry.job)] : [.submit(current.entry.job)]
    }

    /// Starts the next print when none is under way: a round that is due first, in the order
    /// the prints were asked, then the prints asked for; else the wake-up for the next round due.
    private mutating func next(at now: Instant) -> [Action] {
        guard current == nil else { return [] }
        if let index = later.indices.filter({ later[$0].due <= now }).min(by: { later[$0].entry.job.number < later[$1].entry.job.number }) {
            return start(later.remove(at: index).entry, at: now)
        }
        if !queue.isEmpty { return start(queue.removeFirst(), at: now) }
        guard let due = later.map(\.due).min() else { return [] }
        return [.wake(at: due)]
    }

    private mutating func start(_ entry: Entry, at now: Instant) -> [Action] {
        if !entry.counted, let limit, printed >= limit { return [.skip(entry.job, .limit(limit))] + next(at: now) }
        current = Current(entry: entry)
        return [.check(entry.job)]
    }
}

/// How long a print failed for good waits before its next round: `firstDelay`, doubling each
/// round, never longer than `longest`.
struct PrintBackoff: Sendable, Equatable {
    var firstDelay: Duration
    var longest: Duration

    /// 10 s, then 20 s, 40 s, and every 60 s after.
    static let standard = PrintBackoff(firstDelay: .seconds(10), longest: .seconds(60))

    /// The wait before round `round` (the second round is the first to wait).
    func delay(beforeRound round: Int) -> Duration {
        min(firstDelay * (1 << min(max(round - 2, 0), 16)), longest)
    }
}
