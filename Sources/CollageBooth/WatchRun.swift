internal import CollageJournal
internal import CollageEvents
internal import CollageCanvas
internal import CollageCodecs
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
/// run until the collage is complete, the folder goes, or a stop is asked for. The parts come
/// from `BoothParts`, so a test runs the whole booth on a source and a clock of its own.
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

    /// Runs the watch on the booth's own parts; `stop` carries the executable's signal trap's
    /// requests; the throttle and the retries wait on `clock`. A watch allocates the same canvas
    /// and copies at every change: it keeps the buffers it frees (`DecodeMemory.keepFreedBuffers`).
    public func run<Stops: AsyncSequence<StopRequest, Never> & Sendable, C: Clock<Duration>>(stop: Stops, clock: C) async -> WatchEnd {
        DecodeMemory.keepFreedBuffers()
        return await run(stop: stop, parts: BoothParts(clock: clock))
    }

    /// The composition root: the checks, the server, the outlets, the source and the journal,
    /// then the session over the source until it ends.
    public func run<Stops: AsyncSequence<StopRequest, Never> & Sendable, Source, C>(stop: Stops, parts: BoothParts<Source, C>) async -> WatchEnd {
        let settings = settings, log = settings.report.log(watching: true)
        let destination = CollageOutput(path: settings.output, numbered: settings.batches)
        let refusal: OutputError?
        do throws(BoothEnded) { refusal = try outputRefusal(log: log) } catch { return error.end }
        let server = await startServer(parts)
        let booth = BoothWiring(settings, log: log, server: try? server.get(), parts: parts)
        do throws(BoothEnded) {
            if case .failure(let error) = server { throw BoothEnded(.serverUnavailable(error.description)) }
            let options = try prepare(booth, destination: destination, refusal: refusal, log: log)
            // Finish now: the session's state machine decides what it changes.
            let finish = FinishRequests()
            let source = try source(parts, destination: destination, booth: booth)
            booth.report.started(folder: settings.folder, output: settings.output, batches: settings.batches, throttle: settings.throttle,
                                 url: booth.server?.url)
            booth.sayHeld()
            let (journal, start) = try journal(parts, destination: destination, limit: options.layout.limit, booth: booth)
            let session = WatchSession(
                flow: options.flow(journal: journal, copies: settings.batches ? .keepFirst : .keepBetter) { booth.events.send($0) },
                sink: options.sink(output: destination, format: settings.format, keepsImage: booth.report.hasScreen, journal: journal),
                interval: settings.throttle, clock: parts.clock, batches: settings.batches, start: start, batchTimeout: settings.batchTimeout,
                finish: finish)
            return await booth.end(Self.watch(session, from: source, stop: stop, finish: finish) { await booth.printing?.finish() })
        } catch {
            return await booth.end(error.end)
        }
    }
}
