internal import CollageWriting
internal import CollageSaving
public import CollagePipeline

/// How a `build` or a `build --pages` ended: its exit status (README, "Exit status") decided here
/// once, so the executable only maps the end to its status. The run has printed its `error` line
/// already.
public enum BuildEnd: Sendable, Equatable {
    /// The collage or every page written (or, on a dry run, planned), and printed if asked: 0.
    case complete
    /// Stopped by a signal before the collage was saved, or while a page was: 128 + its number
    /// (the pages before the one in flight are complete).
    case interrupted(signal: Int32)
    /// Nothing was read: image data headed for a terminal, the output (or a page) is one of the
    /// photos, or `--pages` to standard output: 64.
    case refused(String)
    /// The output's folder could not be made: 73.
    case folderNotMade(String)
    /// A background, logo, frame or caption font cannot be used: 66.
    case decorationUnavailable(String)
    /// No photo was usable (65), the collage or a page could not be drawn (70) or written (73),
    /// or the reader of standard output went away (141).
    case failed(BuildError)
    /// The collage was saved, but every try of `--print` failed: 69.
    case printFailed

    public var status: Int32 {
        switch self {
        case .complete: return 0
        case .interrupted(let signal): return ExitCodes.interrupted(by: signal)
        case .refused: return ExitCodes.usage
        case .folderNotMade: return ExitCodes.cannotWrite
        case .decorationUnavailable: return ExitCodes.noInput
        case .failed(let failure): return failure.status
        case .printFailed: return ExitCodes.unavailable
        }
    }

    /// The line printed as the run ends, if any: none for a reader that went away (nobody reads
    /// on), nor for a print that failed (its tries were told as they failed).
    public var error: String? {
        switch self {
        case .complete, .interrupted, .printFailed, .failed(.write(.readerGone)): return nil
        case .refused(let line), .folderNotMade(let line), .decorationUnavailable(let line): return line
        case .failed(let failure): return failure.description
        }
    }
}

extension BuildEnd: StartEnding {
    /// A start that failed (`RunStart`).
    init(_ failure: RunStart.Failure) {
        switch failure {
        case .refused(let line): self = .refused(line)
        case .folderNotMade(let line): self = .folderNotMade(line)
        case .decorationUnavailable(let line): self = .decorationUnavailable(line)
        }
    }
}
