public import CollageJournal
public import CollageEvents
public import CollageCore
internal import CollageFiles
internal import CollageWriting

/// A watch's prints, in the order asked and one at a time, in their own task: a collage saved
/// while another prints waits its turn without holding up the watch. At most `limit` prints a
/// session (`--max-prints`); a collage beyond it is a line saying it was not printed.
///
/// A booth's print goes through its journal: the intent is recorded before the command runs
/// (a collage that is not one to print, or whose intent cannot be recorded, is not printed),
/// and the outcome after it. Only the bytes the booth saved are printed: just before the
/// command runs, the file under the collage's name is hashed, and a file that is not the one
/// saved (planted before a restart, or replaced while it waited behind a slow print) is named
/// and left unprinted, its print state as it was. The command is given a private copy of the
/// bytes checked (`PrintCopy`), never the shared name: nothing renamed in after the check is
/// printed.
public final class PrintQueue: Sendable {
    /// One collage to print: its path, number, the SHA-256 of the bytes saved there, and the
    /// booth's journal when there is one.
    public struct Job: Sendable {
        public let path: PathName
        public let batch: Int
        public let saved: ContentHash
        public let journal: BoothJournal?
    }

    private let jobs: AsyncStream<Job>.Continuation
    private let worker: Task<Int, Never>

    public init(printer: Printer, limit: Int?, log: @escaping @Sendable (PipelineEvent) -> Void) {
        PrintCopy.removeStale()
        let (stream, jobs) = AsyncStream.makeStream(of: Job.self)
        self.jobs = jobs
        worker = Task {
            var printed = 0, failed = 0
            for await job in stream {
                let (path, batch) = (job.path, job.batch)
                if let limit, printed >= limit {
                    log(.notice("collage \(batch) (\(path)) not printed: --max-prints \(limit) already printed this session"))
                    continue
                }
                guard let bytes = try? InputFile(path).readAll(), ContentHash(of: bytes) == job.saved else {
                    log(.notice("collage \(batch) (\(path)) not printed: it is not the file this booth saved"))
                    continue
                }
                let copy: PrintCopy
                do throws(FileError) {
                    copy = try PrintCopy(of: bytes, saved: job.saved, named: PathParts(path).name)
                } catch {
                    log(.notice("collage \(batch) (\(path)) not printed now: \(error.description)" + (job.journal == nil ? "" : "; a restart prints it")))
                    continue
                }
                defer { copy.remove() }
                if let journal = job.journal {
                    do throws(FileError) {
                        guard try journal.beginPrint(batch: batch) else { continue }
                    } catch {
                        log(.notice("collage \(batch) (\(path)) not printed now: \(error.description); a restart prints it"))
                        continue
                    }
                }
                printed += 1
                let failure = await printer.print(copy.path) { failure, retryIn in
                    log(.printFailed(path, error: failure.description, status: failure.status, lastLine: failure.lastLine, batch: batch, retryIn: retryIn))
                }
                if let journal = job.journal {
                    do throws(FileError) {
                        try journal.endPrint(batch: batch, printed: failure == nil ? printer.copies : nil)
                    } catch {
                        log(.notice("collage \(batch) (\(path)): \(error.description), so a restart names it as possibly not printed"))
                    }
                }
                if failure == nil { log(.printed(path, copies: printer.copies, batch: batch)) } else { failed += 1 }
            }
            return failed
        }
    }

    /// Asks for collage number `batch`, saved at `path` with the bytes whose SHA-256 is `saved`,
    /// to be printed after those asked before.
    public func print(_ path: PathName, batch: Int, saved: ContentHash, journal: BoothJournal? = nil) {
        jobs.yield(Job(path: path, batch: batch, saved: saved, journal: journal))
    }

    /// Waits for every print asked for to end (printed or left for the operator); returns how
    /// many failed, tries and retries.
    @discardableResult
    public func finish() async -> Int {
        jobs.finish()
        return await worker.value
    }
}
