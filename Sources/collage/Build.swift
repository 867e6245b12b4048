internal import CollageCore
internal import CollageCodecs
internal import ArgumentParser
internal import CollagePipeline
internal import CollagePrinting
internal import CollageReport
internal import CollageSources
internal import CollageWriting
internal import CollageFiles

extension Collage {
    /// `collage build a.jpg b.png … -o out.jpg`
    struct Build: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Builds one collage from the photos given, in order.",
            discussion: """
                Photos that are not landscape (after EXIF orientation), duplicates of one \
                already taken, unreadable, or beyond the limit (six, or a fixed --grid's cells) are skipped, one line each on \
                stderr. The output path is printed on stdout once the collage is written.
                """
        )

        @OptionGroup var inputs: InputOptions
        @OptionGroup var output: OutputOptions
        @OptionGroup var look: LookOptions
        @OptionGroup var rules: RuleOptions
        @OptionGroup var report: ReportOptions
        @OptionGroup var printing: PrinterOptions

        @Flag(help: "Decide the selection and the layout and report them; write nothing.")
        var dryRun = false

        @Flag(help: "Every usable photo, in order, on successive collages of --limit photos: -o album.jpg writes album-0001.jpg, album-0002.jpg, ...")
        var pages = false

        func validate() throws {
            _ = try look.checked(rules: rules)
            if pages && (printing.printCommand != nil || report.preview) {
                throw ValidationError("--pages writes many collages: --print and --preview take one.")
            }
            if output.toStandardOutput && report.json {
                throw ValidationError("--json and -o - both write to standard output; choose one.")
            }
        }

        func run() async throws {
            if pages { return try await runPages() }
            let log = report.log(watching: false)
            let destination = output.destination
            let items = try checkedInputs(writingTo: destination, log: log)
            try createFolder(of: destination, log: log)
            var options = try CollageOptions(look: look, output: output, rules: rules, limits: inputs.limits)
            try options.decorate(with: look, notice: { log.event(.notice($0)) }, error: log.error)
            log.startProgress(given: items.count)
            let format = output.resolvedFormat ?? .jpeg, preview = report.preview
            let building = Task {
                await CollageBuild(options: options).run(items, to: destination, as: format, dryRun: dryRun, keepingImage: preview, log: log.event)
            }
            // As `watch`: a signal cancels the run; the save in flight removes its temporary file
            // and leaves the previous collage.
            let signals = SignalTrap(first: { _ in building.cancel() }, again: { _ in building.cancel() })
            let result = await building.value
            log.endProgress()
            if result.saved == nil, let signal = signals.signal { throw ExitStatus.interrupted(by: signal) }
            if let image = result.saved?.image, let screen = report.previewScreen() {
                screen.show(image, status: [])
                screen.close()
            }
            if let failure = result.failure, case .write(.readerGone) = failure { throw ExitCode(failure.status) }
            tell(result)
            try await printCollage(result, log: log)
            guard let failure = result.failure else { return }
            log.error(failure.description)
            throw ExitCode(failure.status)
        }

        /// The inputs in order; a usage error (64) for image data headed for a terminal, or an
        /// output that is one of the photos.
        private func checkedInputs(writingTo destination: CollageDestination, log: EventLog) throws -> [PhotoInputs.Item] {
            // As gzip does: image bytes on a screen are noise, and can leave the terminal in a mess.
            if output.toStandardOutput && !dryRun && Console.standardOutput.isTerminal {
                log.error("refusing to write image data to a terminal; redirect standard output or give -o FILE")
                throw ExitStatus.usage
            }
            let (items, outputListed) = inputs.resolve(excluding: destination.path)
            do {
                try CollageBuild.check(items, against: destination)
                // A photo the folder's listing left out as the output. (A device or FIFO is
                // refused when the collage is written: exit 73, with the report.)
                if let path = destination.path, outputListed, ExistingOutput.at(path) == .otherFile {
                    throw OutputError.fileInFolderRead(path)
                }
            } catch {
                log.error("\(error)")
                throw ExitStatus.usage
            }
            return items
        }

        /// The output's folder, created as `mkdir -p` would, with a line (not for a dry run); 73
        /// when it cannot be.
        private func createFolder(of destination: CollageDestination, log: EventLog) throws {
            guard !dryRun, let path = destination.path else { return }
            do throws(FileError) {
                if let made = try OutputFolder.create(for: path) { log.event(.notice(OutputFolder.created(made))) }
            } catch {
                log.error(error.description)
                throw ExitCode(ExitCodes.cannotWrite)
            }
        }

        /// Stdout: the JSON document, the plan of a dry run, or the path written.
        private func tell(_ result: BuildReport) {
            if report.json {
                Console.standardOutput.line(BuildJSON.document(result).serialized)
            } else if dryRun {
                BuildText.plan(result).forEach(Console.standardOutput.line)
            } else if let path = result.saved?.destination.path {
                Console.standardOutput.line(bytes: path.bytes)
            }
        }

        /// `--print`: the collage saved is printed as `watch` prints a complete one (the same
        /// queue, retries and events); 69 when every try failed.
        private func printCollage(_ result: BuildReport, log: EventLog) async throws {
            guard !dryRun, let saved = result.saved, let printer = printing.printer else { return }
            let printing = WatchPrinting(printer: printer, maxPrints: nil, log: log.event)
            printing.note(.saved(saved, photos: result.used.count, batch: 1, complete: true))
            if await printing.finish() > 0 { throw ExitStatus.unavailable }
        }
    }
}
