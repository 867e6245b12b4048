internal import CollagePrinting
internal import CollageCore

/// Whether an `lp` or `lpr` print command's jobs will print: its queue (`PrintDestination`) as
/// the printing system describes it (`PrinterQueue`); or those of `--printer`'s queue.
///
/// | the queue | check | `watch` at start |
/// | --- | --- | --- |
/// | accepts jobs, enabled | ready | nothing |
/// | accepts jobs, disabled (paused, out of paper) | warning: jobs wait in CUPS until it is enabled | the line |
/// | refuses jobs, unknown, no default destination | failed: every print fails | the line: prints fail until it is fixed, and are printed after a restart |
/// | no answer (no lpstat, no scheduler, past the bound) | warning | the line |
enum PrinterCheck {
    /// Nil when the command is not `lp` or `lpr`: a script's own printer is its business.
    static func check(_ words: [String], environment: (String) -> String?, queue asking: PrinterQueue) -> PreflightCheck? {
        guard let destination = PrintDestination.of(words, environment: environment) else { return nil }
        let name: String
        switch destination.queue {
        case .named(let named):
            name = named
        case .systemDefault:
            switch asking.defaultDestination() {
            case .named(let named): name = named
            case .none(let detail):
                return PreflightCheck("printer", .failed, "no printer named (\(destination.flag) NAME, $LPDEST or $PRINTER) and no default destination: \(detail)")
            case .unanswered(let reason): return PreflightCheck("printer", .warning, "\(unanswered): \(reason)")
            }
        }
        return state(of: name, named: destination.source.map { "\(name) (\($0))" } ?? "\(name) (the default destination)", asking: asking)
    }

    /// `--printer QUEUE`'s queue, asked of CUPS by libcups.
    static func check(queue name: String, asking: PrinterQueue) -> PreflightCheck {
        state(of: name, named: "\(name) (--printer)", asking: asking)
    }

    /// The check for queue `name`, as its line names it.
    private static func state(of name: String, named: String, asking: PrinterQueue) -> PreflightCheck {
        switch asking.state(name) {
        case .accepting(enabled: true, let detail): return PreflightCheck("printer", .ready, detail)
        case .accepting(enabled: false, let detail):
            return PreflightCheck("printer", .warning, "\(named) is disabled, and holds the jobs until it is enabled: \(detail)")
        case .rejecting(let detail): return PreflightCheck("printer", .failed, "\(named) does not accept jobs: \(detail)")
        case .unknown(let detail): return PreflightCheck("printer", .failed, "CUPS has no printer \(named): \(detail)")
        case .unanswered(let reason): return PreflightCheck("printer", .warning, "\(unanswered) about \(named): \(reason)")
        }
    }

    /// The start of a warning that says nothing of the printer itself.
    static let unanswered = "cannot ask CUPS which printers accept jobs"
}
