public import CollageCore
public import CollageEvents
internal import CollageFiles
internal import CollageJournal
internal import CollagePipeline
public import CollagePrinting
internal import CollageWriting

/// `collage journal reprint OUTPUT N`: the operator prints collage N again by hand, as its booth
/// saved it: the one way to print a strip the booth named `print-unknown` (with `--print`, it
/// cannot ask the printer whether a print that was under way when it stopped reached paper, so
/// it never prints it again by itself). Only a complete collage of the journal, only the bytes
/// the journal recorded; one round of tries; the journal is only read (a running booth holds it).
public struct ReprintRun: Sendable {
    public let journal: PathName
    public let number: Int
    public let printer: Printer

    public init(journal: PathName, number: Int, printer: Printer) {
        self.journal = journal
        self.number = number
        self.printer = printer
    }

    /// How it ended, and the exit status each end means.
    public enum End: Sendable, Equatable {
        case printed
        /// No journal, or one that cannot be read: 66.
        case noJournal(String)
        /// Not a complete collage of the journal, or its file is not the one saved: 65.
        case notThisCollage(String)
        /// Every try failed: 69.
        case failed

        public var status: Int32 {
            switch self {
            case .printed: 0
            case .noJournal: ExitCodes.noInput
            case .notThisCollage: ExitCodes.noUsablePhoto
            case .failed: ExitCodes.unavailable
            }
        }

        /// The line the run ends with, if any (the tries were told as they failed).
        public var error: String? {
            switch self {
            case .printed, .failed: nil
            case .noJournal(let line), .notThisCollage(let line): line
            }
        }
    }

    /// Prints the collage, reporting each try and the outcome to `log`.
    public func run(log: @escaping @Sendable (PipelineEvent) -> Void) async -> End {
        let history: BoothHistory
        switch BoothJournal.read(journal) {
        case .missing: return .noJournal("no booth journal \(journal): not a booth's output, or it has saved nothing yet")
        case .unusable(let reason): return .noJournal("the journal \(journal) cannot be read: \(reason)")
        case .read(let read): history = read
        }
        guard let collage = history.saved(number), collage.complete else {
            return .notThisCollage("the journal \(journal) has no complete collage \(number)")
        }
        let path = PathParts(journal).sibling(collage.file)
        guard let bytes = try? InputFile(path).readAll(), ContentHash(of: bytes) == collage.saved else {
            return .notThisCollage("collage \(number) (\(path)) not printed: it is not the file the booth saved")
        }
        let queue = PrintQueue(printer: printer, limit: nil, ledger: nil, clock: ContinuousClock(), log: log)
        queue.print(PrintJob(number: number, path: path, saved: collage.saved, journaled: false,
                             title: PrintJob.title(booth: nil, file: path, number: number)))
        return await queue.finish() == 0 ? .printed : .failed
    }
}
