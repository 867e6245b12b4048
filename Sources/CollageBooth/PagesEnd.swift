public import CollagePipeline

/// How a `build --pages` run ended: its exit status (README, "Exit status") decided here once, so
/// the executable only maps the end to its status. The run has printed its `error` line already.
public enum PagesEnd: Sendable, Equatable {
    /// Every page written (or, on a dry run, planned): 0.
    case complete
    /// Stopped by a signal: 128 + its number; the pages before the one in flight are complete.
    case interrupted(signal: Int32)
    /// Nothing was read: `-o -`, or a page would be one of the photos: 64.
    case refused(String)
    /// The pages' folder could not be made: 73.
    case folderNotMade(String)
    /// A background, logo, frame or caption font cannot be used: 66.
    case decorationUnavailable(String)
    /// No photo was usable (65), a page could not be drawn (70) or written (73).
    case failed(BuildError)

    /// A start that failed (`RunStart`).
    init(_ failure: RunStart.Failure) {
        switch failure {
        case .folderNotMade(let line): self = .folderNotMade(line)
        case .decorationUnavailable(let line): self = .decorationUnavailable(line)
        }
    }

    public var status: Int32 {
        switch self {
        case .complete: return 0
        case .interrupted(let signal): return ExitCodes.interrupted(by: signal)
        case .refused: return ExitCodes.usage
        case .folderNotMade: return ExitCodes.cannotWrite
        case .decorationUnavailable: return ExitCodes.noInput
        case .failed(let failure): return failure.status
        }
    }

    /// The line printed as the run ends, if any.
    public var error: String? {
        switch self {
        case .complete, .interrupted: return nil
        case .refused(let line), .folderNotMade(let line), .decorationUnavailable(let line): return line
        case .failed(let failure): return failure.description
        }
    }
}
