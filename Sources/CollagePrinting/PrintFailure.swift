/// Why a print did not print: one line naming the command's program and the reason, with the
/// last line it wrote on stderr, which is usually the printer's own explanation; or the CUPS
/// queue and what its server said.
public enum PrintFailure: Error, Hashable, Sendable, CustomStringConvertible {
    case couldNotStart(program: String, reason: String)
    case exited(program: String, status: Int32, lastLine: String)
    case killed(program: String, signal: Int32, lastLine: String)
    case timedOut(program: String, seconds: Int, lastLine: String)
    /// The print server did not answer (off, off the network, or too slow).
    case unreachable(queue: String, reason: String)
    /// The print server answered with an error (no such queue, not accepting jobs).
    case refused(queue: String, reason: String)

    public var description: String {
        switch self {
        case .couldNotStart(let program, let reason):
            return "the print command \(program) could not start: \(reason)"
        case .exited(let program, let status, let lastLine):
            return "the print command \(program) failed with status \(status)" + Self.said(lastLine)
        case .killed(let program, let signal, let lastLine):
            return "the print command \(program) was killed by signal \(signal)" + Self.said(lastLine)
        case .timedOut(let program, let seconds, let lastLine):
            return "the print command \(program) did not end within \(seconds) s and was killed" + Self.said(lastLine)
        case .unreachable(let queue, let reason):
            return "the print queue \(queue) cannot be reached: \(reason)"
        case .refused(let queue, let reason):
            return "the print queue \(queue) took no job: \(reason)"
        }
    }

    /// The command's exit status, when it exited on its own.
    public var status: Int32? {
        if case .exited(_, let status, _) = self { return status }
        return nil
    }

    /// Its last line on stderr, empty if none.
    public var lastLine: String {
        switch self {
        case .couldNotStart, .unreachable, .refused: return ""
        case .exited(_, _, let line), .killed(_, _, let line), .timedOut(_, _, let line): return line
        }
    }

    private static func said(_ line: String) -> String { line.isEmpty ? "" : ": \(line)" }
}
