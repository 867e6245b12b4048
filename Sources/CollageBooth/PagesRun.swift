internal import CollageEvents
internal import CollageCanvas
internal import CollageCore
internal import CollagePipeline
internal import CollageReport
internal import CollageSources

/// `collage build --pages folder/ -o album.jpg` as a value: the checks made before any photo is
/// read, `PagedBuild` over the inputs with its log, progress and NDJSON, then what stdout says.
///
/// ```
/// inputs (the output named) ─▶ refuse -o -, pages over photos ─▶ the pages' folder, decorations (RunStart) ─▶ PagedBuild ─▶ PipelineEvent ─▶ log, --json
///   ─▶ stdout: the pages written (the plan on a dry run, the `pages` line with --json)
/// ```
public struct PagesRun: Sendable {
    public let settings: PagesSettings

    public init(_ settings: PagesSettings) {
        self.settings = settings
    }

    /// Runs the pages; `stop` carries the executable's signal trap's requests: any stop cancels
    /// the page in flight (its temporary file removed), the pages before it stay.
    public func run<Stops: AsyncSequence<StopRequest, Never> & Sendable>(stop: Stops) async -> PagesEnd {
        let settings = settings, log = settings.report.log(watching: false)
        let start = RunStart { log.event(.notice($0)) }
        let items = start.inputs(settings.photos, separator: settings.separator, recursive: settings.recursive, namingOutput: settings.output)
        // An earlier album's pages among them are left out (and replaced): they make no page.
        let photos = items.count(where: { if case .file = $0 { true } else { false } })
        let most = PageNames.mostPages(photos: photos, perPage: settings.options.layout.limit)
        func ended(_ end: PagesEnd) -> PagesEnd {
            if let line = end.error { log.error(line) }
            return end
        }
        guard let base = settings.output else {
            // Standard output holds one file: refused before any photo is read.
            return ended(.refused("--pages writes a file per page (up to \(most) for \(photos) photos) and standard output takes one: give -o FILE"))
        }
        let names = PageNames(output: base, pages: most)
        do {
            try PagedBuild.check(items, names: names, pages: most)
        } catch {
            return ended(.refused(error.description))
        }
        var options = settings.options
        do throws(RunStart.Failure) {
            try start.makeFolder(for: base, dryRun: settings.dryRun)
            try start.decorate(&options, with: settings.decorations)
        } catch {
            return ended(PagesEnd(error))
        }
        start.sayHowLaid(options)
        let (json, format, dryRun) = (settings.report.json, settings.format, settings.dryRun)
        log.startProgress(given: items.count, pages: most)
        let building = Task {
            await PagedBuild(options: options).run(items, names: names, as: format, dryRun: dryRun) { event in
                log.event(event)
                if json { Console.standardOutput.line(WatchJSON.event(event).serialized) }
            }
        }
        let listener = StopListener(cancelling: building, on: stop)
        let result = await building.value
        listener.end()
        log.endProgress()
        if json {
            Console.standardOutput.line(PagesJSON.summary(result).serialized)
        } else if dryRun {
            PagesText.plan(result).forEach(Console.standardOutput.line)
        } else {
            result.written.forEach { Console.standardOutput.line(bytes: $0.path.bytes) }
        }
        if let stopped = PagesText.stopped(result, names: names) { log.error(stopped) }
        if result.stoppedBefore != nil, let signal = listener.signal { return .interrupted(signal: signal) }
        return ended(result.failure.map(PagesEnd.failed) ?? .complete)
    }
}
