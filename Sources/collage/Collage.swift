internal import ArgumentParser
internal import CollageCodecs
internal import CollageReport
#if canImport(Glibc)
internal import Glibc
#endif

/// The root command only lists the subcommands.
@main
struct Collage: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Builds photo collages: landscape photos only, no duplicates, at most six.",
        discussion: Examples.overview,
        version: CollageVersion.current,
        subcommands: [Build.self, Watch.self, Finish.self, Inspect.self, Journal.self]
    )

    /// ArgumentParser's own entry point, with two differences: the arguments keep their exact
    /// bytes (`RawArguments`), and a subcommand's `--help` ends with its examples.
    static func main() async {
        // Finish now (SIGUSR1) never ends the process, from the first instruction on: a stuck
        // foot switch or `systemctl kill -s USR1` during start-up is ignored until `watch`
        // listens for it (`FinishSignal`).
        signal(SIGUSR1, SIG_IGN)
        // A closed pipe must be an EPIPE the writer handles, not a silent death mid-write.
        signal(SIGPIPE, SIG_IGN)
        DecodeMemory.keepLargeBuffersMapped()
        let arguments = RawArguments.strings()
        do {
            var command = try await asyncParseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let message = fullMessage(for: error)
            if exitCode(for: error) == .success, message.hasPrefix("OVERVIEW:"),
               let examples = Examples.forCommand(in: arguments) {
                Console.standardOutput.line(message + "\n\nEXAMPLES:\n" + examples)
                Glibc.exit(0)
            }
            exit(withError: error)
        }
    }
}
