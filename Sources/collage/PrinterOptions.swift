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

    @Option(parsing: .unconditional, help: ArgumentHelp("Copies to print, passed to the --print command as {copies}.", valueName: "N"))
    var copies = 1

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds a print command may run before it is killed (with what it started).", valueName: "seconds"))
    var printTimeout = 60

    func validate() throws {
        guard copies >= 1 else { throw ValidationError("--copies must be at least 1.") }
        guard printTimeout >= 1 else { throw ValidationError("--print-timeout must be at least 1 second.") }
    }

    /// The printer for `--print`, or nil without it.
    var printer: Printer? {
        printCommand.map { Printer(command: $0, copies: copies, timeout: .seconds(printTimeout)) }
    }
}
