public import CollageCore

/// A watch's prints, in the order asked and one at a time, in their own task: a collage saved
/// while another prints waits its turn without holding up the watch. At most `limit` prints a
/// session (`--max-prints`); a collage beyond it is a line saying it was not printed.
public final class PrintQueue: Sendable {
    private let jobs: AsyncStream<(PathName, Int)>.Continuation
    private let worker: Task<Void, Never>

    public init(printer: Printer, limit: Int?, log: @escaping @Sendable (PipelineEvent) -> Void) {
        let (stream, jobs) = AsyncStream.makeStream(of: (PathName, Int).self)
        self.jobs = jobs
        worker = Task {
            var printed = 0
            for await (path, batch) in stream {
                if let limit, printed >= limit {
                    log(.notice("collage \(batch) (\(path)) not printed: --max-prints \(limit) already printed this session"))
                    continue
                }
                printed += 1
                let failure = await printer.print(path) { failure, retryIn in
                    log(.printFailed(path, error: failure.description, status: failure.status, lastLine: failure.lastLine, batch: batch, retryIn: retryIn))
                }
                if failure == nil { log(.printed(path, copies: printer.copies, batch: batch)) }
            }
        }
    }

    /// Asks for collage number `batch`, saved at `path`, to be printed after those asked before.
    public func print(_ path: PathName, batch: Int) {
        jobs.yield((path, batch))
    }

    /// Waits for every print asked for to end (printed or left for the operator).
    public func finish() async {
        jobs.finish()
        await worker.value
    }
}
