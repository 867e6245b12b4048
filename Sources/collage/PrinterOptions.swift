internal import ArgumentParser
internal import CollageCore
internal import CollagePipeline
internal import CollagePrinting

/// How a collage is printed once saved: the operator's command, never run through a shell,
/// with `{path}` and `{copies}` filled in as whole arguments.
struct PrinterOptions: ParsableArguments {
    @Option(name: .customLong("print"), help: ArgumentHelp(
        "Print the collage once saved with this command, split into words like a shell would but never run by one: {path} is the collage, {copies} the --copies.",
        valueName: "command"))
    var printCommand: String?

    @Option(help: ArgumentHelp("Copies to print, passed to the --print command as {copies}.", valueName: "N"))
    var copies = 1

    @Option(help: ArgumentHelp("Seconds a print command may run before it is killed (with what it started).", valueName: "seconds"))
    var printTimeout = 60

    func validate() throws {
        guard copies >= 1 else { throw ValidationError("--copies must be at least 1.") }
        guard printTimeout >= 1 else { throw ValidationError("--print-timeout must be at least 1 second.") }
        do {
            _ = try command()
        } catch {
            throw ValidationError(error.description)
        }
    }

    func command() throws(PrintCommandError) -> PrintCommand? {
        try printCommand.map { text throws(PrintCommandError) in try PrintCommand(parsing: text) }
    }

    /// The printer for `--print`, or nil without it (the command was checked in `validate()`).
    var printer: Printer? {
        guard let command = try? command() else { return nil }
        return Printer(command: command, copies: copies, timeout: .seconds(printTimeout))
    }
}
