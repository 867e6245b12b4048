public import CollageEvents
internal import CollageCore
internal import CollageFiles
internal import CollageWriting

/// A run's prints, carried out in their own task by one worker: the `PrintStateMachine` decides
/// (one at a time, in order, `--max-prints`, retries and rounds, what to ask the print server),
/// and this does what it says, in one `switch`: checks the bytes, copies them privately, records
/// the print in the booth's ledger, sends it, reports it. A collage saved while another prints
/// waits its turn without holding up the watch.
///
/// Only the bytes the booth saved are printed: just before a print is sent, the file under the
/// collage's name is hashed, and a file that is not the one saved (planted before a restart, or
/// replaced while it waited behind a slow print) is named and left unprinted, its print state as
/// it was. The printer is given a private copy of the bytes checked (`PrintCopy`), never the
/// shared name: nothing renamed in after the check is printed.
public final class PrintQueue: Sendable {
    private enum Input: Sendable {
        case ledger(any PrintLedger)
        case asked(PrintJob, mayExist: Bool, inDoubt: Bool)
        case wake
        case finish
    }

    private let inputs: AsyncStream<Input>.Continuation
    private let worker: Task<Int, Never>

    /// Prints through `printer`, at most `limit` a session, recording in `ledger` when there is
    /// one; the retries' and rounds' waits are on `clock`.
    public init<C: Clock<Duration>>(printer: Printer, limit: Int?, ledger: (any PrintLedger)?, clock: C,
                                    log: @escaping @Sendable (PipelineEvent) -> Void) {
        PrintCopy.removeStale()
        let (stream, inputs) = AsyncStream.makeStream(of: Input.self)
        self.inputs = inputs
        let machine = PrintStateMachine<C.Instant>(limit: limit, canAsk: printer.canAsk, retry: printer.retry)
        worker = Task {
            var driver = PrintDriver(machine: machine, printer: printer, ledger: ledger, clock: clock, log: log) { inputs.yield(.wake) }
            for await input in stream {
                switch input {
                case .ledger(let ledger):
                    driver.ledger = ledger
                case .asked(let job, let mayExist, let inDoubt):
                    await driver.carryOut(driver.machine.asked(job, mayExist: mayExist, inDoubt: inDoubt, at: clock.now))
                case .wake:
                    await driver.carryOut(driver.machine.woke(at: clock.now))
                case .finish:
                    await driver.carryOut(driver.machine.finish(at: clock.now))
                }
                if driver.machine.finishing, driver.machine.isIdle { break }
            }
            driver.stop()
            return driver.failed
        }
    }

    deinit { inputs.finish() }

    /// Records the prints asked for from now on in `ledger` (a booth's journal, once open).
    public func use(_ ledger: any PrintLedger) {
        inputs.yield(.ledger(ledger))
    }

    /// Asks for `job` to be printed after those asked before. `mayExist`: it was sent before;
    /// `inDoubt`: it may be on paper already (see `PrintStateMachine.asked`).
    public func print(_ job: PrintJob, mayExist: Bool = false, inDoubt: Bool = false) {
        inputs.yield(.asked(job, mayExist: mayExist, inDoubt: inDoubt))
    }

    /// Waits for every print asked for to end (printed, or left for a restart); returns how many
    /// failed, tries and retries.
    @discardableResult
    public func finish() async -> Int {
        stop()
        // A caller cancelled (a test past its time limit) stops waiting: the worker is cancelled
        // and ends once the step under way is done.
        return await withTaskCancellationHandler { await worker.value } onCancel: { worker.cancel() }
    }

    /// The run is stopping: what is asked for is still printed, each with its tries, but a print
    /// that fails for good from now on is left for a restart, not given another round.
    public func stop() {
        inputs.yield(.finish)
    }
}

/// What `PrintQueue`'s worker holds: the machine, and what carrying out its actions needs.
struct PrintDriver<C: Clock<Duration>> {
    var machine: PrintStateMachine<C.Instant>
    let printer: Printer
    var ledger: (any PrintLedger)?
    let clock: C
    let log: @Sendable (PipelineEvent) -> Void
    /// Sends the machine a wake-up (`.wake(at:)`'s timer).
    let wakeUp: @Sendable () -> Void
    /// Prints failed for good this session.
    private(set) var failed = 0
    /// The current print's private copy.
    private var copy: PrintCopy?
    private var timer: Task<Void, Never>?

    init(machine: PrintStateMachine<C.Instant>, printer: Printer, ledger: (any PrintLedger)?, clock: C,
         log: @escaping @Sendable (PipelineEvent) -> Void, wakeUp: @escaping @Sendable () -> Void) {
        self.machine = machine
        self.printer = printer
        self.ledger = ledger
        self.clock = clock
        self.log = log
        self.wakeUp = wakeUp
    }

    /// Carries out the machine's actions, and those their results bring, in order.
    mutating func carryOut(_ actions: [PrintStateMachine<C.Instant>.Action]) async {
        var actions = actions[...]
        while let action = actions.popFirst() {
            actions = (await carryOut(action))[...] + actions
        }
    }

    mutating func stop() {
        timer?.cancel()
        copy?.remove()
    }

    private mutating func carryOut(_ action: PrintStateMachine<C.Instant>.Action) async -> [PrintStateMachine<C.Instant>.Action] {
        switch action {
        case .check(let job):
            return machine.checked(job, check(job), at: clock.now)
        case .skip(let job, let reason):
            release()
            if let line = Self.line(job, reason) { log(.notice(line)) }
        case .begin(let job):
            let ledger = ledger
            let result = Result { () throws(FileError) -> Bool in try ledger?.beginPrint(batch: job.number) ?? true }
            return machine.began(job, result, at: clock.now)
        case .find(let job):
            return machine.found(job, await printer.has(title: job.title), at: clock.now)
        case .submit(let job):
            guard let copy else { return machine.submitted(job, .couldNotStart(program: "print", reason: "no copy to print"), at: clock.now) }
            return machine.submitted(job, await printer.submit(copy.path, title: job.title), at: clock.now)
        case .failed(let job, let failure, let retryIn):
            log(.printFailed(job.path, error: failure.description, status: failure.status, lastLine: failure.lastLine, batch: job.number,
                             retryIn: retryIn))
        case .end(let job, let printed):
            release()
            if !printed { failed += 1 }
            do throws(FileError) {
                if job.journaled { try ledger?.endPrint(batch: job.number, printed: printed ? printer.copies : nil) }
            } catch {
                log(.notice("collage \(job.number) (\(job.path)): \(error.description), so a restart names it as possibly not printed"))
            }
            if printed { log(.printed(job.path, copies: printer.copies, batch: job.number)) }
        case .unknown(let job):
            do throws(FileError) {
                try ledger?.printUnknown(batch: job.number)
            } catch {
                log(.notice("collage \(job.number) (\(job.path)): \(error.description)"))
            }
            log(.printUnknown(job.path, batch: job.number))
        case .wake(let instant):
            timer?.cancel()
            let (clock, wakeUp) = (clock, wakeUp)
            timer = Task {
                do { try await clock.sleep(until: instant, tolerance: nil) } catch { return }
                wakeUp()
            }
        }
        return []
    }

    /// Whether the file under the job's name is the one saved, its private copy made: nil when
    /// it is, else why it is not printed.
    private mutating func check(_ job: PrintJob) -> PrintSkip? {
        release()
        guard let bytes = try? InputFile(job.path).readAll(), ContentHash(of: bytes) == job.saved else { return .notTheFileSaved }
        do throws(FileError) {
            copy = try PrintCopy(of: bytes, saved: job.saved, named: PathParts(job.path).name)
            return nil
        } catch {
            return .notNow(error.description)
        }
    }

    private mutating func release() {
        copy?.remove()
        copy = nil
    }

    /// The line for a collage not printed; none when the journal says it is not one to print.
    static func line(_ job: PrintJob, _ reason: PrintSkip) -> String? {
        let name = "collage \(job.number) (\(job.path))"
        switch reason {
        case .limit(let limit): return "\(name) not printed: --max-prints \(limit) already printed this session"
        case .notTheFileSaved: return "\(name) not printed: it is not the file this booth saved"
        case .notNow(let reason): return "\(name) not printed now: \(reason)" + (job.journaled ? "; a restart prints it" : "")
        case .notToPrint: return nil
        }
    }
}
