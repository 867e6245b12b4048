internal import CollageCore
internal import CollageCodecs
internal import ArgumentParser
internal import CollageBooth
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
            commandName: "build",
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
        @OptionGroup var settingsFile: SettingsFileOption

        @Flag(help: "Decide the selection and the layout and report them; write nothing.")
        var dryRun = false

        @Flag(help: "Every usable photo, in order, on successive collages of --limit photos: -o album.jpg writes album-0001.jpg, album-0002.jpg, ...")
        var pages = false

        func validate() throws {
            _ = try look.checked(rules: rules)
            if pages && (printing.prints || report.preview) {
                throw ValidationError("--pages writes many collages: --print, --printer and --preview take one.")
            }
            if output.toStandardOutput && report.json {
                throw ValidationError("--json and -o - both write to standard output; choose one.")
            }
        }

        func run() async throws {
            if pages { return try await runPages() }
            // As `watch`: a signal cancels the run; the save in flight removes its temporary file
            // and leaves the previous collage.
            let end = try await withStopRequests { stop in await BuildRun(try settings()).run(stop: stop) }
            throw ExitCode(end.status)
        }

        /// The run's settings, built once from the option groups (checked in `validate()`).
        func settings() throws -> BuildSettings {
            BuildSettings(photos: inputs.photos, separator: inputs.separator, recursive: inputs.recursive, destination: output.destination,
                          format: output.resolvedFormat ?? .jpeg, options: try CollageOptions(look: look, output: output, rules: rules, limits: inputs.limits),
                          decorations: look.files, dryRun: dryRun, printer: printing.printer, report: report.settings)
        }
    }
}
