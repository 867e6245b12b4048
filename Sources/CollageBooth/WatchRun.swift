internal import CollageJournal
internal import CollageEvents
internal import CollageCanvas
internal import CollageCore
internal import CollageFiles
internal import CollageLocking
internal import CollagePipeline
internal import CollagePrinting
internal import CollageReport
internal import CollageServer
internal import CollageSources
internal import CollageTerminal
internal import CollageWriting

/// `collage watch` as a value: the server, report, printer, journal and session wired once,
/// run until the collage is complete, the folder goes, or a stop is asked for.
///
/// ```
/// FolderWatcher ─▶ WatchSession (CollageFlow, throttle, DiskSink) ─▶ PipelineEvent
///   ─▶ BoothEvents: server's files ─▶ WatchReport (log, screen, --json, pages) ─▶ WatchPrinting
/// ```
public struct WatchRun: Sendable {
    public let settings: WatchSettings

    public init(_ settings: WatchSettings) {
        self.settings = settings
    }

    /// Runs the watch; `stop` carries the executable's signal trap's requests; the throttle and
    /// the retries wait on `clock`.
    public func run<Stops: AsyncSequence<StopRequest, Never> & Sendable, C: Clock<Duration>>(stop: Stops, clock: C) async -> WatchEnd {
        let settings = settings, log = settings.report.log(watching: true)
        let destination = CollageOutput(path: settings.output, numbered: settings.batches)
        // Nothing is taken before the output is known to be one a collage may replace (a
        // booth's numbered files are checked as each is written).
        var refusal: OutputError?
        if !settings.batches {
            do {
                try OutputError.check(settings.output, inFolderRead: FileIdentity.same(settings.folder, PathParts(settings.output).folder))
            } catch {
                guard case .notAFile = error else {
                    log.error(error.description)
                    return .unusableOutput(error.description)
                }
                refusal = error  // said once the report can carry it, as a `finished` event
            }
        }
        // The server starts before anything is watched: one that cannot start ends the run at once.
        var server: BoothServer?
        var serverError: ServeError?
        if let serve = settings.serve {
            do { server = try await BoothServer.start(serve) } catch { serverError = error }
        }
        // The main screen replaces the scrolling log; errors follow once it is closed.
        let report = WatchReport(log: log, screen: settings.report.previewScreen(), styler: settings.report.styler,
                                 json: settings.report.json, limit: settings.options.layout.limit, listener: server?.publish)
        let printing = settings.printer.map { printer in
            WatchPrinting(printer: printer, maxPrints: settings.maxPrints) { event in report.event(event) }
        }
        let events = BoothEvents.booth(files: server.map(Self.hearing), report: { event in report.event(event) },
                                       printer: printing.map(Self.hearing))
        // Lines about the output before the watch starts (its folder made, a killed run's files
        // removed) follow the `started` event, which scripts read first.
        var early: [String] = []
        func sayEarly() {
            for line in early { events.send(.notice(line)) }
            early = []
        }
        func end(_ end: WatchEnd) async -> WatchEnd {
            sayEarly()
            report.finish(reason: end.code, status: end.status, error: end.error)
            await server?.close()
            return end
        }
        if let serverError { return await end(.serverUnavailable(serverError.description)) }
        if let server { log.status("serving \(server.url)") }
        if let warning = server?.guestWarning { log.status(warning) }
        // What a guest would otherwise be the first to meet: a print command that is not there.
        let preflight = Preflight.atStart(settings)
        if let refusal = preflight.refusal { return await end(.printerUnavailable(refusal.detail)) }
        for warning in preflight.warnings { log.status("\(warning.name): \(warning.detail)") }
        let runStart = RunStart { early.append($0) }
        var options = settings.options
        do throws(RunStart.Failure) {
            try runStart.decorate(&options, with: settings.decorations)
            if let refusal { return await end(.cannotWrite(refusal.description)) }
            try runStart.makeFolder(for: settings.output)
        } catch {
            return await end(WatchEnd(error))
        }
        // Finish now and photos removed: the session's state machine decides what each changes.
        let commands = SessionCommands()
        for stale in destination.removeStaleTemporaries() { early.append("removed \(stale), left by a run that was killed") }
        let watcher: FolderWatcher
        do {
            watcher = try FolderWatcher(folder: settings.folder, isOwnOutput: destination.ownNames(in: settings.folder)) { event in
                // A photo removed is a retake or nothing: the session decides, and says which.
                guard case .removed(let file) = event else { return events.send(PipelineEvent(event)) }
                commands.send(.removed(file))
            }
        } catch {
            return await end(.folderUnavailable(error.description))
        }
        report.started(folder: settings.folder, output: settings.output, batches: settings.batches, throttle: settings.throttle, url: server?.url)
        sayEarly()
        // A photo booth reads its journal before anything is taken: where to resume, which photos are used.
        var journal: BoothJournal?
        var start = BoothStart()
        if settings.batches {
            do throws(BoothLock.Failure) {
                (journal, start) = try BoothJournal.open(for: destination, watching: settings.folder, limit: options.layout.limit,
                                                         printing: printing != nil) { events.send(.notice($0)) }
            } catch {
                // Before any photo is taken: another booth owns these collages.
                guard case .busy = error else { return await end(.cannotWrite(error.description)) }
                return await end(.outputBusy(error.description))
            }
        }
        if let journal { server?.remember(journal) }
        if let journal { printing?.resume(with: journal) }
        let session = WatchSession(
            flow: options.flow(journal: journal, copies: settings.batches ? .keepFirst : .keepBetter) { events.send($0) },
            sink: options.sink(output: destination, format: settings.format, keepsImage: report.hasScreen, journal: journal),
            interval: settings.throttle, clock: clock, batches: settings.batches, start: start, batchTimeout: settings.batchTimeout,
            commands: commands)
        return await end(Self.watch(session, from: watcher, stop: stop, commands: commands) { await printing?.finish() })
    }

    /// Runs `session` over the files `watcher` finds until it ends: complete, its source
    /// stopped by a first stop request or gone with the folder, or cancelled by a second stop
    /// request. `finishing` runs once nothing is watched any more (stop requests still heard).
    private static func watch<C: Clock<Duration>, Stops: AsyncSequence<StopRequest, Never> & Sendable>(
        _ session: WatchSession<C>, from watcher: FolderWatcher, stop: Stops, commands: SessionCommands, finishing: () async -> Void
    ) async -> WatchEnd {
        let watching = Task { try await watcher.run() }
        let working = Task { try await session.run(watcher.files) }
        let signal = Locked<Int32?>(nil)
        let listening = Task {
            for await request in stop {
                switch request {
                case .finish(let number):
                    signal.withLock { $0 = $0 ?? number }
                    watcher.stop()
                case .now:
                    TerminalGuard.restoreAll()
                    working.cancel()
                case .finishBatch:
                    commands.send(.finishNow)
                }
            }
        }
        let outcome = await working.result
        // Nothing reads the files any more: stop watching, and cancel the hand-over of
        // files that arrived meanwhile (a channel's send waits for a reader).
        watcher.stop()
        watching.cancel()
        let watched = await watching.result
        await finishing()
        listening.cancel()
        return end(of: outcome, watched: watched, signal: signal.withLock { $0 })
    }

    /// The files a server may send, learnt from the events.
    private static func hearing(_ server: BoothServer) -> @Sendable (PipelineEvent) -> Void {
        { event in server.note(event) }
    }

    /// The collages a printer prints, learnt from the events.
    private static func hearing(_ printing: WatchPrinting) -> @Sendable (PipelineEvent) -> Void {
        { event in printing.note(event) }
    }

    /// The end a session's outcome means: a save that failed for good, a signal, or the source
    /// ending on its own (only the folder going away can end it).
    static func end<C: Clock<Duration>>(of outcome: Result<WatchSession<C>.Outcome, any Error>, watched: Result<Void, any Error>,
                                        signal: Int32?) -> WatchEnd {
        switch outcome {
        case .success(.complete):
            return .complete
        case .failure(let error as WatchStopError):
            return .cannotWrite(error.description)
        case .failure(let error as WriteError):
            return .cannotWrite(error.description)
        case .failure(let error) where !(error is CancellationError):
            return .cannotWrite(String(describing: error))
        default:
            if let signal { return .interrupted(signal: signal) }
            if case .failure(let error) = watched { return .folderGone(String(describing: error)) }
            return .folderGone(nil)
        }
    }
}
