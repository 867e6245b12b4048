internal import ArgumentParser
internal import CollageCore
internal import CollagePipeline
internal import Synchronization

extension Collage {
    /// `collage watch ./photos -o collage.jpg`
    struct Watch: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Watches a folder and builds the collage as landscape photos arrive.",
            discussion: """
                Photos already in the folder come first (oldest first), then each new one once it \
                is completely written. Every photo is logged as added or skipped, with the number \
                of photos after every change; the collage is rebuilt at most once per --throttle \
                interval. The command exits when the sixth photo's collage is written; with \
                --batches it saves every six photos as a numbered collage until interrupted. \
                Stdout lists each collage file the run leaves behind.
                """
        )

        @Argument(help: "The folder to watch.")
        var folder: String

        @OptionGroup var options: OutputOptions

        @Option(help: ArgumentHelp("Seconds between collage rebuilds: the first change is saved at once, the newest within one interval.", valueName: "seconds"))
        var throttle = 0.5

        @Flag(help: "Photo-booth mode: save every six photos as collage-0001.jpg, collage-0002.jpg, … until interrupted.")
        var batches = false

        func validate() throws {
            guard throttle.isFinite, throttle >= 0, throttle <= 3600 else {
                throw ValidationError("--throttle must be from 0 to 3600 seconds.")
            }
        }

        func run() async throws {
            let output = CollageOutput(path: options.output, numbered: batches)
            let finished = FinishedCollages(limit: CollageLayout.maximumPhotos)
            let log: @Sendable (PipelineEvent) -> Void = { event in
                Console.report(event)
                finished.note(event)
            }
            let watcher: FolderWatcher
            do {
                watcher = try FolderWatcher(folder: folder, isOwnOutput: output.ownNames(in: folder), log: log)
            } catch {
                Console.error(error.description)
                throw ExitStatus.noInput
            }
            let settings = options.collageOptions
            let session = WatchSession(
                flow: CollageFlow(reader: PhotoLoader(limits: settings.limits), canvas: settings.canvas, similarity: settings.similarity, log: log),
                sink: DiskSink(canvas: settings.canvas, output: output, writer: CollageWriter(quality: settings.quality)),
                interval: .milliseconds(Int64((throttle * 1000).rounded())), clock: ContinuousClock(), batches: batches)

            let watching = Task { try await watcher.run() }
            let working = Task { try await session.run(watcher.files) }
            let signals = SignalTrap(first: { watcher.stop() }, again: { working.cancel() })
            let outcome = await working.result
            // Nothing reads the files any more: stop watching, and cancel the hand-over of
            // files that arrived meanwhile (a channel's send waits for a reader).
            watcher.stop()
            watching.cancel()
            let watched = await watching.result
            finished.printRemaining()

            switch outcome {
            case .success(.complete):
                return
            case .failure(let error as WriteError):
                Console.error(error.description)
                throw ExitStatus.cannotWrite
            case .failure(let error) where !(error is CancellationError):
                Console.error(String(describing: error))
                throw ExitStatus.cannotWrite
            default:
                if let signal = signals.signal { throw ExitStatus.interrupted(by: signal) }
                if case .failure(let error) = watched { Console.error(String(describing: error)) }
                throw ExitStatus.folderGone  // the source ended on its own: only the folder can end it
            }
        }
    }
}

/// Prints each collage the run leaves behind on stdout, once, when it is final: at six photos,
/// or the last one written when the run stops early.
private final class FinishedCollages: Sendable {
    private let limit: Int
    private let open = Mutex<String?>(nil)

    init(limit: Int) {
        self.limit = limit
    }

    func note(_ event: PipelineEvent) {
        guard case .saved(let saved, let photos) = event else { return }
        if photos >= limit {
            open.withLock { $0 = nil }
            print(saved.path)
        } else {
            open.withLock { $0 = saved.path }
        }
    }

    func printRemaining() {
        if let path = open.withLock({ $0 }) { print(path) }
    }
}
