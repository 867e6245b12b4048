internal import ArgumentParser
internal import CollagePipeline

/// The documented exit codes (README, "Exit status"; numbered in `ExitCodes`), as
/// ArgumentParser's `ExitCode`s for what the executable decides itself.
enum ExitStatus {
    /// A bad flag or argument, or the output is one of the inputs (ArgumentParser's own code).
    static let usage = ExitCode(ExitCodes.usage)
    /// A file given to `inspect`, a decoration, or the journal for `journal show` does not exist
    /// or cannot be read.
    static let noInput = ExitCode(ExitCodes.noInput)
    /// The `--config` file has a line or a value that cannot be used.
    static let configuration = ExitCode(ExitCodes.configuration)
    /// A collage was saved but the `--print` command failed, tries and retries.
    static let unavailable = ExitCode(ExitCodes.unavailable)

    /// Stopped by a signal: 128 + its number, as shells report it (130 for SIGINT, 143 for SIGTERM).
    static func interrupted(by signal: Int32) -> ExitCode { ExitCode(ExitCodes.interrupted(by: signal)) }
}
