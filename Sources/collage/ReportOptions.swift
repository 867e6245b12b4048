internal import ArgumentParser
internal import CollageReport

/// How a command reports: for people on stderr, for scripts as JSON on stdout.
struct ReportOptions: ParsableArguments {
    @Flag(help: "Machine-readable output on stdout (see the README for its fields).")
    var json = false

    @Flag(name: .shortAndLong, help: "Print only errors (and the output path on stdout).")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Also print, for every photo used, how it was decoded and how long it took.")
    var verbose = false

    func validate() throws {
        guard !(quiet && verbose) else { throw ValidationError("--quiet and --verbose cannot be used together.") }
    }

    var verbosity: Verbosity { quiet ? .quiet : verbose ? .verbose : .normal }
}
