/// The documented exit codes (README, "Exit status"), after BSD's sysexits.h: the numbers a
/// run's end maps to, shared by `watch`'s `WatchEnd`, `build`'s `BuildError` and the executable.
public enum ExitCodes {
    /// A bad flag or argument, or the output is one of the inputs (ArgumentParser's own code).
    public static let usage: Int32 = 64
    /// None of the photos given could be used.
    public static let noUsablePhoto: Int32 = 65
    /// The folder to watch, a file given to `inspect`, a decoration or font, or the journal for
    /// `journal show` does not exist or cannot be read.
    public static let noInput: Int32 = 66
    /// A service the run needs is unavailable (EX_UNAVAILABLE): `watch --serve` could not start
    /// its server, or a collage was saved but the `--print` command failed, tries and retries.
    public static let unavailable: Int32 = 69
    /// `build`: the collage could not be drawn (its caption's font failed while rendering);
    /// EX_SOFTWARE, since the font was opened and checked before any photo was read.
    public static let cannotRender: Int32 = 70
    /// The collage could not be written.
    public static let cannotWrite: Int32 = 73
    /// An I/O error while running: the watched folder was deleted or moved, or reading it failed.
    public static let ioError: Int32 = 74
    /// `watch --batches`: another booth is saving the same numbered collages (EX_TEMPFAIL).
    public static let outputBusy: Int32 = 75
    /// The `--config` file is wrong (EX_CONFIG): a line it cannot read, a key that is not an
    /// option of the command, or a value the option refuses. Not 64: the operator's file is at
    /// fault, not the command line, and a service unit can stop restarting on it
    /// (`RestartPreventExitStatus=78`).
    public static let configuration: Int32 = 78
    /// The reader of standard output went away: as if killed by SIGPIPE, quietly.
    public static let readerGone: Int32 = 128 + 13

    /// Stopped by a signal: 128 + its number (130 for SIGINT, 143 for SIGTERM).
    public static func interrupted(by signal: Int32) -> Int32 { 128 + signal }
}
