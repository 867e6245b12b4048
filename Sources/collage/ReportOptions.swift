public import ArgumentParser
internal import CollageBooth
internal import CollageReport
public import CollageTerminal

/// How a command reports: for people on stderr, for scripts as JSON on stdout.
struct ReportOptions: ParsableArguments {
    @Flag(help: "Machine-readable output on stdout (its fields: docs/scripting.md).")
    var json = false

    @Flag(name: .shortAndLong, help: "Print only errors (and the output path on stdout).")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Also print, for every photo used, how it was decoded and how long it took.")
    var verbose = false

    @Option(help: "Colour the log on a terminal: auto (unless NO_COLOR is set), always, never.")
    var color = ColorMode.auto

    @Flag(help: "Draw the collage in the terminal after it is written (kitty graphics, sixel, or coloured blocks).")
    var preview = false

    func validate() throws {
        guard !(quiet && verbose) else { throw ValidationError("--quiet and --verbose cannot be used together.") }
    }

    var verbosity: Verbosity { quiet ? .quiet : verbose ? .verbose : .normal }

    /// The colours of stderr's log.
    var styler: Styler { ColorPolicy.styler(color, fileDescriptor: 2) }

    /// How the run reports, as one value.
    var settings: ReportSettings { ReportSettings(verbosity: verbosity, styler: styler, json: json, preview: preview) }
}

extension ColorMode: ExpressibleByArgument {}
