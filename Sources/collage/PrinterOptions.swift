internal import ArgumentParser
internal import CollageCore
internal import CollagePrinting

/// How a collage is printed once saved: the operator's command, never run through a shell,
/// with `{path}` and `{copies}` filled in as whole arguments.
struct PrinterOptions: ParsableArguments {
    @Option(name: .customLong("print"), help: ArgumentHelp(
        "Print the collage once saved with this command, split into words like a shell would but never run by one: {path} is a private copy of the collage (removed once the command ends), {copies} the --copies.",
        valueName: "command"), transform: { text in try PrintCommand(parsing: text) })
    var printCommand: PrintCommand?

    @Option(name: .customLong("printer"), help: ArgumentHelp(
        "Print the collage once saved through this CUPS queue (as lp -d QUEUE would), by libcups: each job is titled after the booth and the collage, so a restart asks CUPS which it has and never sends one twice.",
        valueName: "queue"))
    var queue: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Copies to print, passed to the --print command as {copies} or to CUPS.", valueName: "N"))
    var copies = 1

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds (or 500ms, 2m) a print command may run before it is killed (with what it started), or a request to CUPS may take.", valueName: "seconds"))
    var printTimeout = DurationValue(.seconds(60))

    func validate() throws {
        guard printCommand == nil || queue == nil else { throw ValidationError("--print and --printer: give one of them.") }
        if let queue { guard !queue.isEmpty, !queue.contains(where: { $0.isWhitespace || $0 == "/" || $0 == "#" }) else {
            throw ValidationError("--printer: '\(queue)' is not a CUPS queue name (lpstat -a lists them).")
        } }
        guard copies >= 1 else { throw ValidationError("--copies must be at least 1.") }
        guard printTimeout.duration >= .seconds(1) else { throw ValidationError("--print-timeout must be at least 1 second.") }
    }

    /// The printer for `--print` or `--printer`, or nil without either.
    var printer: Printer? {
        if let queue { return Printer(target: .queue(queue), copies: copies, timeout: printTimeout.duration) }
        return printCommand.map { Printer(command: $0, copies: copies, timeout: printTimeout.duration) }
    }

    /// Whether the collage is printed (`--print` or `--printer`).
    var prints: Bool { printCommand != nil || queue != nil }
}
