internal import ArgumentParser

/// The documented exit codes (README, "Exit status"), after BSD's sysexits.h.
enum ExitStatus {
    /// A bad flag or argument, or the output is one of the inputs (ArgumentParser's own code).
    static let usage = ExitCode(64)
    /// None of the photos given could be used.
    static let noUsablePhoto = ExitCode(65)
    /// The folder to watch, a file given to `inspect`, or the journal for `journal show` does not
    /// exist or cannot be read.
    static let noInput = ExitCode(66)
    /// A service the run needs is unavailable (EX_UNAVAILABLE): `watch --serve` could not start
    /// its server (the port is taken, no permission), or a collage was saved but the `--print`
    /// command failed, tries and retries.
    static let unavailable = ExitCode(69)
    /// The collage could not be written.
    static let cannotWrite = ExitCode(73)
    /// An I/O error while running: the watched folder was deleted or moved, or reading it failed.
    static let ioError = ExitCode(74)
    /// `watch --batches`: another booth is saving the same numbered collages (EX_TEMPFAIL: it may
    /// work once that booth stops).
    static let outputBusy = ExitCode(75)
    /// The reader of standard output went away (`collage build -o - | head -c 100`): as if
    /// killed by SIGPIPE, as `cat` would be, but quietly and with nothing left behind.
    static let readerGone = ExitCode(128 + 13)

    /// Stopped by a signal: 128 + its number, as shells report it (130 for SIGINT, 143 for SIGTERM).
    static func interrupted(by signal: Int32) -> ExitCode { ExitCode(128 + signal) }
}
