public import CollageJournal
public import CollageEvents
internal import CollageFiles
internal import CollageWriting
internal import CollageLocking

/// `watch --print`: which collages are printed, and when. A collage is printed once it is
/// complete (its `saved` event says so): each numbered one with `--batches`, else the session's
/// final one. A booth's restart first prints, in order, the complete collages its journal says
/// were never sent to the printer (or failed), and names once each one whose print command may
/// have run without its outcome being recorded, never printing it again.
public final class WatchPrinting: Sendable {
    private let queue: PrintQueue
    private let log: @Sendable (PipelineEvent) -> Void
    private let journal = Locked<BoothJournal?>(nil)

    public init(printer: Printer, maxPrints: Int?, log: @escaping @Sendable (PipelineEvent) -> Void) {
        queue = PrintQueue(printer: printer, limit: maxPrints, log: log)
        self.log = log
    }

    /// A booth's prints go through `journal` from now on; what it left unprinted is asked for
    /// first, what it cannot vouch for is named. Call it before the first collage is saved.
    public func resume(with journal: BoothJournal) {
        self.journal.withLock { $0 = journal }
        do throws(FileError) {
            let (toPrint, inDoubt) = try journal.settlePrints()
            for batch in inDoubt { log(.printUnknown(journal.output.path(forBatch: batch), batch: batch)) }
            for batch in toPrint {
                guard let saved = journal.history.saved(batch)?.saved else { continue }
                queue.print(journal.output.path(forBatch: batch), batch: batch, saved: saved, journal: journal)
            }
        } catch {
            log(.notice("collages left unprinted before are not printed now: \(error.description)"))
        }
    }

    /// Asks for a collage to be printed when `event` is the save of a complete one.
    public func note(_ event: PipelineEvent) {
        guard case .saved(let saved, _, let batch, complete: true) = event, let path = saved.destination.path else { return }
        queue.print(path, batch: batch, saved: saved.content, journal: journal.withLock { $0 })
    }

    /// Waits for every print asked for to end; returns how many failed, tries and retries.
    @discardableResult
    public func finish() async -> Int {
        await queue.finish()
    }
}
