internal import CollageEvents
internal import CollageCore
internal import CollageFiles
internal import CollagePipeline
internal import CollagePrinting
internal import CollageReport
internal import CollageSources
internal import CollageWriting
internal import CollageSaving

/// `collage build a.jpg b.png … -o out.jpg` as a value: the checks made before any photo is
/// read, `CollageBuild` over the inputs with its log and progress, then what stdout says, the
/// preview and the print.
///
/// ```
/// RunStart: refuse a terminal ─▶ inputs ─▶ the output among the photos ─▶ the output's folder
///   ─▶ decorations ─▶ CollageBuild ─▶ PipelineEvent ─▶ log ─▶ BuildReport ─▶ preview, stdout (path, plan
///   or --json) ─▶ PrintQueue ─▶ Printer
/// ```
public struct BuildRun: Sendable {
    public let settings: BuildSettings

    public init(_ settings: BuildSettings) {
        self.settings = settings
    }

    /// Runs the build; `stop` carries the executable's signal trap's requests: any stop cancels
    /// the run, and the save in flight removes its temporary file and leaves the previous collage.
    public func run<Stops: AsyncSequence<StopRequest, Never> & Sendable>(stop: Stops) async -> BuildEnd {
        let settings = settings, log = settings.report.log(watching: false), destination = settings.destination
        func ended(_ end: BuildEnd) -> BuildEnd {
            if let line = end.error { log.error(line) }
            return end
        }
        let start = RunStart(options: settings.options, decorations: settings.decorations, output: destination.path, dryRun: settings.dryRun) {
            log.event(.notice($0))
        }
        let (items, options): ([PhotoInputs.Item], CollageOptions)
        do throws(RunEnded<BuildEnd>) {
            (items, options) = try start.prepare(imageToStandardOutput: destination.path == nil, inputs: {
                RunStart.inputs(settings.photos, separator: settings.separator, recursive: settings.recursive, output: destination.path)
            }, check: check)
        } catch {
            return ended(error.end)
        }
        log.startProgress(given: items.count)
        let (format, dryRun, preview) = (settings.format, settings.dryRun, settings.report.preview)
        let (result, signal) = await StopListener.run({
            await CollageBuild(options: options).run(items, to: destination, as: format, dryRun: dryRun, keepingImage: preview, log: log.event)
        }, stoppedBy: stop)
        log.endProgress()
        if result.saved == nil, let signal { return .interrupted(signal: signal) }
        if let image = result.saved?.image, let screen = settings.report.previewScreen() {
            screen.show(image, status: [])
            screen.close()
        }
        if let failure = result.failure, case .write(.readerGone) = failure { return .failed(failure) }
        tell(result)
        if await !printed(result, log: log) { return .printFailed }
        return ended(result.failure.map(BuildEnd.failed) ?? .complete)
    }

    /// Refuses an output that is one of the photos, and a photo the folder's listing left out as
    /// the output, before any photo is read. (A device or FIFO is refused when the collage is
    /// written: 73, with the report.)
    private func check(_ inputs: (items: [PhotoInputs.Item], outputListed: Bool)) throws(RunEnded<BuildEnd>) -> [PhotoInputs.Item] {
        let destination = settings.destination
        do {
            try CollageBuild.check(inputs.items, against: destination)
            if let path = destination.path, inputs.outputListed, ExistingOutput.at(path) == .otherFile {
                throw OutputError.fileInFolderRead(path)
            }
        } catch {
            throw RunEnded(.refused("\(error)"))
        }
        return inputs.items
    }

    /// Stdout: the JSON document, the plan of a dry run, or the path written.
    private func tell(_ result: BuildReport) {
        if settings.report.json {
            Console.standardOutput.line(BuildJSON.document(result).serialized)
        } else if settings.dryRun {
            BuildText.plan(result).forEach(Console.standardOutput.line)
        } else if let path = result.saved?.destination.path {
            Console.standardOutput.line(bytes: path.bytes)
        }
    }

    /// `--print`: the collage saved to a file is printed through the print queue `watch` prints
    /// through (the same check of the bytes saved, retries and events); false when every try failed.
    private func printed(_ result: BuildReport, log: EventLog) async -> Bool {
        guard !settings.dryRun, let saved = result.saved, let path = saved.destination.path, let printer = settings.printer else { return true }
        let queue = PrintQueue(printer: printer, limit: nil, ledger: nil, clock: ContinuousClock(), log: log.event)
        queue.print(PrintJob(number: 1, path: path, saved: saved.content, journaled: false, title: PrintJob.title(booth: nil, file: path, number: 1)))
        return await queue.finish() == 0
    }
}
