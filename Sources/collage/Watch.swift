internal import CollageCodecs
internal import ArgumentParser
internal import CollageCanvas
internal import CollageCore
internal import CollagePipeline
internal import CollagePrinting
internal import CollageReport
internal import CollageServer
internal import CollageSources
internal import CollageFiles
internal import CollageTerminal
internal import CollageWriting

extension Collage {
    /// `collage watch ./photos -o collage.jpg`
    struct Watch: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Watches a folder and builds the collage as landscape photos arrive.",
            discussion: """
                Photos already in the folder come first (oldest first), then each new one once it \
                is completely written. Every photo is logged as added or skipped, with the number \
                of photos after every change; the collage is rebuilt at most once per --throttle \
                interval. The command exits when the collage is full (six photos, or --limit, or a \
                fixed --grid's cells) and written; with --batches each full collage is saved as a \
                numbered file and the next one begins, until interrupted. \
                Stdout lists each collage file the run leaves behind (or, with --json, carries \
                one JSON event per line).
                """
        )

        @Argument(help: "The folder to watch.")
        var folder: PathName

        @OptionGroup var output: OutputOptions
        @OptionGroup var look: LookOptions
        @OptionGroup var rules: RuleOptions
        @OptionGroup var limits: ReadLimitOptions
        @OptionGroup var report: ReportOptions
        @OptionGroup var serving: ServeOptions
        @OptionGroup var printing: PrinterOptions

        @Option(help: ArgumentHelp("With --print, print at most N collages this session; a line names each one beyond.", valueName: "N"))
        var maxPrints: Int?

        @Option(help: ArgumentHelp("Seconds between collage rebuilds: the first change is saved at once, the newest within one interval.", valueName: "seconds"))
        var throttle = 0.5

        @Flag(help: "Photo-booth mode: each time a collage is full (six photos, --limit, or a fixed --grid's cells), save it as collage-0001.jpg, collage-0002.jpg, … and begin the next, until interrupted.")
        var batches = false

        func validate() throws {
            guard throttle.isFinite, throttle >= 0, throttle <= 3600 else {
                throw ValidationError("--throttle must be from 0 to 3600 seconds.")
            }
            if let maxPrints, maxPrints < 0 { throw ValidationError("--max-prints must be 0 or more.") }
            guard !output.toStandardOutput else { throw ValidationError("watch writes files: give -o FILE, not -o -.") }
            _ = try look.checkedStyle(limit: rules.limit(for: try look.style()))
        }

        func run() async throws {
            var options = try CollageOptions(look: look, output: output, rules: rules, limits: limits)
            let destination = CollageOutput(path: output.output, numbered: batches)
            let interval = Duration.milliseconds(Int64((throttle * 1000).rounded()))
            // Nothing is taken before the output is known to be one a collage may replace (a
            // booth's numbered files are checked as each is written).
            var refusal: OutputError?
            if !batches {
                do {
                    try OutputError.check(output.output, inFolderRead: FileIdentity.same(folder, PathParts(output.output).folder))
                } catch {
                    guard case .notAFile = error else {
                        report.log(watching: true).error(error.description)
                        throw ExitStatus.usage
                    }
                    refusal = error  // said once the report can carry it, as a `finished` event
                }
            }
            // The main screen replaces the scrolling log; errors follow once it is closed.
            // The server starts before anything is watched: one that cannot start ends the run at once.
            var server: BoothServer?
            var serverError: ServeError?
            if let settings = try serving.settings(batches: batches) {
                do { server = try await BoothServer.start(settings) } catch { serverError = error }
            }
            let told = WatchReport(log: report.log(watching: true), screen: report.previewScreen(), styler: report.styler,
                                   json: report.json, limit: options.layout.limit, listener: server?.publish)

            let prints = printing.printer.map { WatchPrinting(printer: $0, maxPrints: maxPrints, photosPerCollage: options.layout.limit, log: told.event) }
            let log: @Sendable (PipelineEvent) -> Void = { [server] event in
                server?.note(event)
                told.event(event)
                prints?.note(event)
            }
            func end(_ reason: String, _ status: ExitCode, error: String? = nil) async -> ExitCode {
                told.finish(reason: reason, status: status.rawValue, error: error)
                await server?.close()
                return status
            }
            if let serverError { throw await end("server-unavailable", ExitStatus.unavailable, error: serverError.description) }
            if let server { report.log(watching: true).status("serving \(server.url)") }
            var unusable = ""
            do {
                try options.decorate(with: look.print, notice: { told.event(.notice($0)) }, error: { unusable = $0 })
            } catch {
                throw await end("decoration-unavailable", ExitStatus.noInput, error: unusable)
            }

            if let refusal { throw await end("cannot-write", ExitStatus.cannotWrite, error: refusal.description) }
            for stale in destination.removeStaleTemporaries() { log(.notice("removed \(stale), left by a run that was killed")) }
            let watcher: FolderWatcher
            do {
                watcher = try FolderWatcher(folder: folder, isOwnOutput: destination.ownNames(in: folder)) { log(PipelineEvent($0)) }
            } catch {
                throw await end("folder-unavailable", ExitStatus.noInput, error: error.description)
            }
            told.started(folder: folder, output: output.output, batches: batches, throttle: interval, url: server?.url)
            // A photo booth reads its journal before anything is taken: where to resume, which photos are used.
            var journal: BoothJournal?
            var start = BoothStart()
            if batches {
                do throws(BoothLock.Failure) {
                    (journal, start) = try BoothJournal.open(for: destination, watching: folder, limit: options.layout.limit, printing: prints != nil) {
                        log(.notice($0))
                    }
                } catch {
                    // Before any photo is taken: another booth owns these collages.
                    guard case .busy = error else { throw await end("cannot-write", ExitStatus.cannotWrite, error: error.description) }
                    throw await end("output-busy", ExitStatus.outputBusy, error: error.description)
                }
            }
            if let journal { server?.remember(journal) }
            if let journal { prints?.resume(with: journal) }
            let session = WatchSession(
                flow: options.flow(journal: journal, log: log),
                sink: options.sink(output: destination, format: output.resolvedFormat ?? .jpeg, keepsImage: told.hasScreen, journal: journal),
                interval: interval, clock: ContinuousClock(), batches: batches, start: start)

            let watching = Task { try await watcher.run() }
            let working = Task { try await session.run(watcher.files) }
            let signals = SignalTrap(first: { watcher.stop() }, again: {
                TerminalGuard.restoreAll()
                working.cancel()
            })
            let outcome = await working.result
            // Nothing reads the files any more: stop watching, and cancel the hand-over of
            // files that arrived meanwhile (a channel's send waits for a reader).
            watcher.stop()
            watching.cancel()
            let watched = await watching.result
            await prints?.finish()

            switch outcome {
            case .success(.complete):
                throw await end("complete", .success)
            case .failure(let error as WatchStopError):
                throw await end("cannot-write", ExitStatus.cannotWrite, error: error.description)
            case .failure(let error as WriteError):
                throw await end("cannot-write", ExitStatus.cannotWrite, error: error.description)
            case .failure(let error) where !(error is CancellationError):
                throw await end("cannot-write", ExitStatus.cannotWrite, error: String(describing: error))
            default:
                if let signal = signals.signal { throw await end("interrupted", ExitStatus.interrupted(by: signal)) }
                var reason: String?
                if case .failure(let error) = watched { reason = String(describing: error) }
                // The source ended on its own: only the folder going away can end it.
                throw await end("folder-gone", ExitStatus.ioError, error: reason)
            }
        }
    }
}
