internal import ArgumentParser

/// The documented exit codes (README, "Exit status"), after BSD's sysexits.h.
enum ExitStatus {
    /// A bad flag or argument, or the output is one of the inputs (ArgumentParser's own code).
    static let usage = ExitCode(64)
    /// None of the photos given could be used.
    static let noUsablePhoto = ExitCode(65)
    /// The folder to watch is missing or cannot be read.
    static let noInput = ExitCode(66)
    /// The collage could not be written.
    static let cannotWrite = ExitCode(73)
    /// The watched folder was deleted or moved while being watched, or watching it failed.
    static let folderGone = ExitCode(74)

    /// Stopped by a signal: 128 + its number, as shells report it (130 for SIGINT, 143 for SIGTERM).
    static func interrupted(by signal: Int32) -> ExitCode { ExitCode(128 + signal) }
}
