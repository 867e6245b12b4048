internal import ArgumentParser
internal import CollageBooth
internal import CollageCodecs
internal import CollageCore
internal import CollagePipeline

extension Collage {
    /// `collage watch ./photos -o collage.jpg`
    struct Watch: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "watch",
            abstract: "Watches a folder and builds the collage as landscape photos arrive.",
            discussion: """
                Photos already in the folder come first (oldest first), then each new one once it \
                is completely written. Every photo is logged as added or skipped, with the number \
                of photos after every change; the collage is rebuilt at most once per --throttle \
                interval. The command exits when the collage is full (six photos, or --limit, or a \
                fixed --grid's cells) and written; with --batches each full collage is saved as a \
                numbered file and the next one begins, until interrupted; --batch-timeout completes a \
                collage no photo joined for that long, and SIGUSR1 (collage finish OUTPUT) completes \
                the open one now. A photo deleted from the folder before its collage is complete \
                leaves it (a retake); after that nothing changes. \
                Stdout lists each collage file the run leaves behind (or, with --json, carries \
                one JSON event per line).
                """
        )

        @Argument(help: "The folder to watch (or folder = \"…\" in the --config file).", completion: .directory)
        var folder: PathName?
        @OptionGroup var settingsFile: SettingsFileOption

        @OptionGroup var output: OutputOptions
        @OptionGroup var look: LookOptions
        @OptionGroup var rules: RuleOptions
        @OptionGroup var limits: ReadLimitOptions
        @OptionGroup var report: ReportOptions
        @OptionGroup var serving: ServeOptions
        @OptionGroup var printing: PrinterOptions

        @Option(parsing: .unconditional, help: ArgumentHelp("With --print, print at most N collages this session; a line names each one beyond.", valueName: "N"))
        var maxPrints: Int?

        @Option(help: ArgumentHelp("Seconds (or 500ms, 2m) between collage rebuilds: the first change is saved at once, the newest within one interval.", valueName: "seconds"))
        var throttle = DurationValue(.milliseconds(500))

        @Flag(help: "Photo-booth mode: each time a collage is full (six photos, --limit, or a fixed --grid's cells), save it as collage-0001.jpg, collage-0002.jpg, … and begin the next, until interrupted.")
        var batches = false

        @Option(help: ArgumentHelp("With --batches, a collage that received no photo for this long (90s, 2m) is completed with the photos it has.",
                                   valueName: "duration"), transform: { text in try BatchTimeout(parsing: text).duration })
        var batchTimeout: Duration?

        func validate() throws {
            guard folder != nil || settingsFile.config != nil else { throw ValidationError("Give the folder to watch.") }
            guard (.zero...(.seconds(3600))).contains(throttle.duration) else {
                throw ValidationError("--throttle must be from 0 to 3600 seconds.")
            }
            if let maxPrints, maxPrints < 0 { throw ValidationError("--max-prints must be 0 or more.") }
            guard !output.toStandardOutput else { throw ValidationError("watch writes files: give -o FILE, not -o -.") }
            if batchTimeout != nil && !batches { throw ValidationError("--batch-timeout needs --batches.") }
            _ = try look.checked(rules: rules)
        }

        func run() async throws {
            // The first signal asks for a clean stop, a second one for an immediate one; finish
            // now (SIGUSR1) is heard from the start.
            let end = try await withStopRequests(finishingBatches: true) { stop in
                await WatchRun(try settings()).run(stop: stop, clock: ContinuousClock())
            }
            throw ExitCode(end.status)
        }

        /// The run's settings, built once from the option groups (checked in `validate()`).
        func settings() throws -> WatchSettings {
            guard let folder = folder ?? settingsFile.folder else {
                throw ValidationError("Give the folder to watch, on the command line or as folder = \"…\" in the --config file.")
            }
            return WatchSettings(folder: folder, output: output.output, format: output.resolvedFormat ?? .jpeg, batches: batches,
                          throttle: throttle.duration,
                          options: try CollageOptions(look: look, output: output, rules: rules, limits: limits), decorations: look.files,
                          serve: serving.settings(batches: batches), printer: printing.printer, maxPrints: maxPrints, report: report.settings,
                          batchTimeout: batchTimeout)
        }
    }
}
