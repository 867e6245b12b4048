internal import ArgumentParser
internal import CollageReport
internal import CollageTerminal

/// How `inspect` reports: a table, or JSON lines for scripts. It logs nothing but its progress
/// line, so `build`'s and `watch`'s -q, -v and --preview are not offered.
struct InspectReportOptions: ParsableArguments {
    @Flag(help: "One JSON object per file on stdout (its fields: docs/scripting.md).")
    var json = false

    @Option(help: "Colour the progress line on a terminal: auto (unless NO_COLOR is set), always, never.")
    var color = ColorMode.auto

    /// The progress line on stderr.
    func log() -> EventLog {
        EventLog(verbosity: .normal, watching: false, styler: ColorPolicy.styler(color, fileDescriptor: 2))
    }
}
