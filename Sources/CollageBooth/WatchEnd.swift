internal import CollagePipeline

/// How a `watch` run ended: each end's code (the `finished` event's `reason`), its exit status
/// (README, "Exit status") and the error line it prints, decided here once so the executable
/// only maps the end to its status.
public enum WatchEnd: Sendable, Equatable {
    /// The collage is complete (outside photo-booth mode): 0.
    case complete
    /// Stopped by a signal: 128 + its number, as shells report it.
    case interrupted(signal: Int32)
    /// The newest collage could not be written, or the output cannot be one: 73.
    case cannotWrite(String)
    /// The watched folder went away, or reading it failed: 74.
    case folderGone(String?)
    /// `--serve` could not start its server: 69.
    case serverUnavailable(String)
    /// `--print`'s program is not there (`Preflight`): 69, before any photo is taken.
    case printerUnavailable(String)
    /// A background, logo, frame or caption font cannot be used: 66.
    case decorationUnavailable(String)
    /// Another booth is saving the same numbered collages: 75.
    case outputBusy(String)
    /// The folder to watch does not exist or cannot be read: 66.
    case folderUnavailable(String)
    /// The output is a path no collage may replace (a folder, one of the photos): 64, said before
    /// anything is reported, so without a `finished` event.
    case unusableOutput(String)

    /// The `finished` event's `reason`.
    public var code: String {
        switch self {
        case .complete: return "complete"
        case .interrupted: return "interrupted"
        case .cannotWrite: return "cannot-write"
        case .folderGone: return "folder-gone"
        case .serverUnavailable: return "server-unavailable"
        case .printerUnavailable: return "printer-unavailable"
        case .decorationUnavailable: return "decoration-unavailable"
        case .outputBusy: return "output-busy"
        case .folderUnavailable: return "folder-unavailable"
        case .unusableOutput: return "unusable-output"
        }
    }

    /// The exit status the command ends with.
    public var status: Int32 {
        switch self {
        case .complete: return 0
        case .interrupted(let signal): return ExitCodes.interrupted(by: signal)
        case .cannotWrite: return ExitCodes.cannotWrite
        case .folderGone: return ExitCodes.ioError
        case .serverUnavailable, .printerUnavailable: return ExitCodes.unavailable
        case .decorationUnavailable, .folderUnavailable: return ExitCodes.noInput
        case .outputBusy: return ExitCodes.outputBusy
        case .unusableOutput: return ExitCodes.usage
        }
    }

    /// The line printed as the run ends, if any.
    public var error: String? {
        switch self {
        case .complete, .interrupted: return nil
        case .folderGone(let reason): return reason
        case .cannotWrite(let text), .serverUnavailable(let text), .printerUnavailable(let text), .decorationUnavailable(let text), .outputBusy(let text),
             .folderUnavailable(let text), .unusableOutput(let text):
            return text
        }
    }

    /// Whether the report's `finished` event says it: every end but an output refused before
    /// the report exists.
    public var isReported: Bool {
        if case .unusableOutput = self { return false }
        return true
    }
}

extension WatchEnd: StartEnding {
    /// A start that failed (`RunStart`): a folder not made is a collage that cannot be written; a
    /// refusal (image data for a terminal, which a booth never writes) an output it cannot use.
    init(_ failure: RunStart.Failure) {
        switch failure {
        case .refused(let line): self = .unusableOutput(line)
        case .folderNotMade(let line): self = .cannotWrite(line)
        case .decorationUnavailable(let line): self = .decorationUnavailable(line)
        }
    }
}
