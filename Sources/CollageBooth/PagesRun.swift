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
/// RunStart: inputs (the output named) ─▶ refuse -o -, pages over photos ─▶ the pages' folder ─▶ decorations ─▶ PagedBuild ─▶ PipelineEvent ─▶ log, --json
///   ─▶ stdout: the pages written (the plan on a dry run, the `pages` line with --json)
/// ```
public struct PagesRun: Sendable {
    public let settings: PagesSettings

    public init(_ settings: PagesSettings) {
        self.settings = settings
    }

    /// Runs the pages; `stop` carries the executable's signal trap's requests: any stop cancels
    /// the page in flight (its temporary file removed), the pages before it stay.
    public func run<Stops: AsyncSequence<StopRequest, Never> & Sendable>(stop: Stops) async -> BuildEnd {
        let settings = settings, log = settings.report.log(watching: false)
        func ended(_ end: BuildEnd) -> BuildEnd {
            if let line = end.error { log.error(line) }
            return end
        }
        let start = RunStart(options: settings.options, decorations: settings.decorations, output: settings.output, dryRun: settings.dryRun) {
            log.event(.notice($0))
        }
        let (pages, options): (Pages, CollageOptions)
        do throws(RunEnded<BuildEnd>) {
            (pages, options) = try start.prepare(inputs: {
                RunStart.inputs(settings.photos, separator: settings.separator, recursive: settings.recursive, namingOutput: settings.output)
            }, check: check)
        } catch {
            return ended(error.end)
        }
        let (json, format, dryRun, names, items) = (settings.report.json, settings.format, settings.dryRun, pages.names, pages.items)
        log.startProgress(given: items.count, pages: pages.most)
        let (result, signal) = await StopListener.run({
            await PagedBuild(options: options).run(items, names: names, as: format, dryRun: dryRun) { event in
                log.event(event)
                if json { Console.standardOutput.line(WatchJSON.event(event).serialized) }
            }
        }, stoppedBy: stop)
        log.endProgress()
        if json {
            Console.standardOutput.line(PagesJSON.summary(result).serialized)
        } else if dryRun {
            PagesText.plan(result).forEach(Console.standardOutput.line)
        } else {
            result.written.forEach { Console.standardOutput.line(bytes: $0.path.bytes) }
        }
        if let stopped = PagesText.stopped(result, names: names) { log.error(stopped) }
        if result.stoppedBefore != nil, let signal { return .interrupted(signal: signal) }
        return ended(result.failure.map(BuildEnd.failed) ?? .complete)
    }

    /// The inputs and the pages' names, once nothing is refused.
    struct Pages {
        let items: [PhotoInputs.Item]
        let names: PageNames
        /// The most pages the photos make.
        let most: Int
    }

    /// Refuses standard output (it holds one file) and a page that would be one of the photos,
    /// before any photo is read. An earlier album's pages among the inputs are left out (and
    /// replaced): they make no page.
    private func check(_ items: [PhotoInputs.Item]) throws(RunEnded<BuildEnd>) -> Pages {
        let photos = items.count(where: { if case .file = $0 { true } else { false } })
        let most = PageNames.mostPages(photos: photos, perPage: settings.options.layout.limit)
        guard let base = settings.output else {
            throw RunEnded(.refused("--pages writes a file per page (up to \(most) for \(photos) photos) and standard output takes one: give -o FILE"))
        }
        let names = PageNames(output: base, pages: most)
        do throws(BuildError) {
            try PagedBuild.check(items, names: names, pages: most)
        } catch {
            throw RunEnded(.refused(error.description))
        }
        return Pages(items: items, names: names, most: most)
    }
}
