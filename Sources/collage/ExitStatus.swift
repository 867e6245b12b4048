internal import ArgumentParser

/// The documented exit codes (README, "Exit status"), after BSD's sysexits.h.
enum ExitStatus {
    /// A bad flag or argument, or the output is one of the inputs (ArgumentParser's own code).
    static let usage = ExitCode(64)
    /// None of the photos given could be used.
    static let noUsablePhoto = ExitCode(65)
    /// The collage could not be written.
    static let cannotWrite = ExitCode(73)
}
