public import CollageEvents
public import CollageTerminal
internal import CollageLocking
internal import CollageCore

/// The human log on stderr: a printer of pipeline events, one line each, prefixed like every
/// Unix tool's (`collage: …`), coloured on a terminal, with an optional progress line kept
/// under the last log line and erased before the final ones.
public final class EventLog: Sendable {
    public let verbosity: Verbosity
    public let watching: Bool
    private let console: Console
    private let styler: Styler
    private let progress = Locked<Progress?>(nil)
    /// Refusals of photos already in collages, said in one line once they stop coming.
    private let alreadyUsed = Locked(AlreadyUsedSummary())
    /// How long the log waits for more of them before saying the line.
    static let summaryWait = Duration.milliseconds(300)

    /// The progress line's state: counts and when the work began.
    private struct Progress {
        var line: ProgressLine
        let start: ContinuousClock.Instant
    }

    public init(verbosity: Verbosity, watching: Bool, console: Console = .standardError, styler: Styler = .plain) {
        self.verbosity = verbosity
        self.watching = watching
        self.console = console
        self.styler = styler
    }

    /// How many photos are "more than a handful": below it a run is over before progress helps.
    public static let progressThreshold = 6

    /// Starts a progress line for `given` photos, when stderr is a terminal, the log is not
    /// quiet and there are more than a handful.
    /// With `pages` (`build --pages`: the most pages the run can make), the line counts pages
    /// written and estimates the time left.
    public func startProgress(given: Int, pages: Int? = nil) {
        guard console.isTerminal, verbosity > .quiet, given >= Self.progressThreshold else { return }
        progress.withLock { $0 = Progress(line: ProgressLine(decided: 0, given: given, used: 0, elapsed: .zero, pages: pages), start: .now) }
        redraw()
    }

    public func event(_ event: PipelineEvent) {
        if watching, verbosity == .normal, case .skipped(let file, let rejection, _) = event, case .alreadyUsed(in: let collage) = rejection {
            let first = alreadyUsed.withLock { summary in
                summary.hold(file, in: collage)
                return summary.held.count == 1
            }
            // Said when the next other event comes, or once none has come for a moment.
            if first { Task { [self] in try? await Task.sleep(for: Self.summaryWait); sayAlreadyUsed() } }
            return
        }
        sayAlreadyUsed()
        progress.withLock { progress in
            switch event {
            case .added: progress?.line.used += 1; progress?.line.decided += 1
            case .skipped: progress?.line.decided += 1
            case .saved: progress?.line.pagesWritten += 1
            case .saveFailed, .printed, .printFailed, .printUnknown, .notice, .withdrawn: break
            }
        }
        write(LogLines.lines(for: event, verbosity: verbosity, watching: watching))
    }

    /// One more file decided, outside the pipeline's events (`inspect`).
    public func advance(used: Bool) {
        progress.withLock { progress in
            progress?.line.decided += 1
            if used { progress?.line.used += 1 }
        }
        redraw()
    }

    /// Says what is held back: before the run's last lines.
    public func flush() { sayAlreadyUsed() }

    /// The line for the photos already in collages held so far, if any.
    private func sayAlreadyUsed() {
        if let line = alreadyUsed.withLock({ $0.take() }) { write([(.skipped, line)]) }
    }

    /// A line about the run itself (`serving http://…`): printed unless quiet.
    public func status(_ text: String) {
        sayAlreadyUsed()
        guard verbosity > .quiet else { return }
        write([(.status, text)])
    }

    /// An error: printed even when quiet.
    public func error(_ text: String) {
        sayAlreadyUsed()
        write([(.error, text)])
    }

    /// Takes the progress line off the screen, so the scrollback keeps none of it.
    public func endProgress() {
        progress.withLock { progress in
            guard progress != nil else { return }
            progress = nil
            console.write(ProgressLine.clear)
        }
    }

    /// Log lines go above the progress line: it is cleared, the lines written, and it is drawn
    /// again below them. Written under the lock, so that what reaches the terminal is what
    /// the last decision drew.
    private func write(_ lines: [(LineKind, String)]) {
        let text = lines.map { kind, line in styler.paint("collage: " + line, as: kind.style) + "\n" }.joined()
        progress.withLock { progress in
            guard !lines.isEmpty || progress != nil else { return }
            console.write((progress != nil ? ProgressLine.clear : "") + text + progressText(&progress))
        }
    }

    private func redraw() {
        progress.withLock { console.write(progressText(&$0)) }
    }

    /// The progress line with the time elapsed now; nothing when there is none.
    private func progressText(_ progress: inout Progress?) -> String {
        guard var current = progress else { return "" }
        current.line.elapsed = .now - current.start
        progress = current
        return current.line.drawn(width: TerminalSize.of(console.descriptor)?.columns ?? 80)
    }
}

extension LineKind {
    /// The colour a terminal shows it in: the same three meanings everywhere.
    var style: TextStyle? {
        switch self {
        case .skipped: return .skipped
        case .error: return .error
        case .saved: return .saved
        case .added, .status, .notice: return nil
        }
    }
}
