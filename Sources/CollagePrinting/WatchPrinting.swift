public import CollageEvents
internal import CollageFiles
internal import CollageLocking

/// `watch --print` and `--printer`: which collages are printed, and when. A collage is printed
/// once it is complete (its `saved` event says so): each numbered one with `--batches`, else the
/// session's final one. A booth's restart first prints, in order, the complete collages its
/// ledger says were never sent to the printer (or failed), and those in doubt (a stop while
/// they printed, a journal put back from a copy) are asked of the print server where it can be
/// asked, else named once and never printed again.
public final class WatchPrinting: Sendable {
    private let queue: PrintQueue
    /// The booth's name in its jobs' titles, once its ledger is known.
    private let booth = Locked<String?>(nil)

    public init(printer: Printer, maxPrints: Int?, clock: some Clock<Duration> = ContinuousClock(),
                log: @escaping @Sendable (PipelineEvent) -> Void) {
        queue = PrintQueue(printer: printer, limit: maxPrints, ledger: nil, clock: clock, log: log)
    }

    /// A booth's prints go through `ledger` from now on; what it owes is asked for first. Call it
    /// before the first collage is saved.
    public func resume(with ledger: any PrintLedger) {
        booth.withLock { $0 = ledger.boothName }
        queue.use(ledger)
        for owed in ledger.owed() {
            let job = PrintJob(number: owed.number, path: owed.path, saved: owed.saved, journaled: true,
                               title: PrintJob.title(booth: ledger.boothName, file: owed.path, number: owed.number))
            queue.print(job, mayExist: owed.mayExist, inDoubt: owed.inDoubt)
        }
    }

    /// Asks for a collage to be printed when `event` is the save of a complete one.
    public func note(_ event: PipelineEvent) {
        guard case .saved(let saved, _, let batch, complete: true) = event, let path = saved.destination.path else { return }
        let booth = booth.withLock { $0 }
        queue.print(PrintJob(number: batch, path: path, saved: saved.content, journaled: booth != nil,
                             title: PrintJob.title(booth: booth, file: path, number: batch)))
    }

    /// Waits for every print asked for to end; returns how many failed, tries and retries.
    @discardableResult
    public func finish() async -> Int {
        await queue.finish()
    }

    /// Stops asking for rounds: a print failing for good from now on is left for a restart. Lets
    /// a caller order the stop before what its clock wakes next (`finish` stops too).
    public func stop() {
        queue.stop()
    }
}
