internal import ArgumentParser
internal import CollageCodecs
internal import CollageConfig
internal import CollageCore
internal import CollagePipeline
internal import CollageReport
#if canImport(Glibc)
internal import Glibc
#endif

/// The root command only lists the subcommands.
@main
struct Collage: AsyncParsableCommand {
    /// Every command names itself: without a name, the parser derives one from the type's name
    /// through `String(describing:)`, whose dynamic casts scan every protocol conformance in
    /// the binary, about 1.3 ms of each run's start.
    static let configuration = CommandConfiguration(
        commandName: "collage",
        abstract: "Builds photo collages: landscape photos only, no duplicates, at most six.",
        discussion: Examples.overview,
        version: CollageVersion.current,
        subcommands: [Build.self, Watch.self, Check.self, Finish.self, Inspect.self, Journal.self]
    )

    /// ArgumentParser's own entry point (`AsyncParsableCommand.main`: parse, run, exit with the
    /// error), which cannot be called as it is: the arguments keep their exact bytes
    /// (`RawArguments`), a `--config` file's settings come before them (`SettingsFile`), and its
    /// exit is ours (`exit(for:arguments:settingsFile:)`).
    static func main() async {
        // Finish now (SIGUSR1) never ends the process, from the first instruction on: a stuck
        // foot switch or `systemctl kill -s USR1` during start-up is ignored until `watch`
        // listens for it (`FinishSignal`).
        signal(SIGUSR1, SIG_IGN)
        // A closed pipe must be an EPIPE the writer handles, not a silent death mid-write.
        signal(SIGPIPE, SIG_IGN)
        DecodeMemory.keepLargeBuffersMapped()
        DecodeMemory.shareOneHeap()
        let arguments = RawArguments.strings()
        let settingsFile = Self.settingsFile(in: arguments)
        do {
            var command = try await asyncParseAsRoot(settingsFile?.expanded(arguments) ?? arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(for: error, arguments: arguments, settingsFile: settingsFile)
        }
    }

    /// The `--config` file, read before the parser; one that cannot be used ends the run with its
    /// line and status, once the failure (and the name it holds) is gone: an object still held
    /// at exit() is what LeakSanitizer reports.
    private static func settingsFile(in arguments: [String]) -> SettingsFile? {
        let refused: Int32
        do throws(SettingsFile.Failure) {
            let file = try SettingsFile.named(in: arguments)
            if let file, !file.leftOut.isEmpty {
                Console.standardError.line("collage: \(file.path): \(file.leftOut.joined(separator: ", ")): the booth's settings, left out of build")
            }
            return file
        } catch {
            Console.standardError.line("collage: \(error)")
            refused = error.status
        }
        Glibc.exit(refused)
    }

    /// The parser's exit, with two differences: a subcommand's `--help` ends with its examples,
    /// and a refusal of a `--config` file's setting names the file and its line (78).
    private static func exit(for error: any Error, arguments: [String], settingsFile: SettingsFile?) -> Never {
        let message = fullMessage(for: error)
        if exitCode(for: error) == .success, message.hasPrefix("OVERVIEW:"), let examples = Examples.forCommand(in: arguments) {
            Console.standardOutput.line(message + "\n\nEXAMPLES:\n" + examples)
            Glibc.exit(0)
        }
        if exitCode(for: error) != .success, let settingsFile, let refusal = settingsFile.refusal(for: Self.message(for: error), command: arguments[0]) {
            Console.standardError.line(refusal)
            Glibc.exit(ExitCodes.configuration)
        }
        exit(withError: error)
    }
}
