/// Where each complete collage is on its way to the printer, so a booth that restarts prints
/// every collage once: never one twice, and never one it cannot vouch for without saying so.
extension BoothHistory {
    /// A complete collage's print state. None (no state) is a collage never sent to the printer.
    public enum PrintState: Sendable, Equatable {
        /// The print command was about to run (recorded before it starts) and no outcome was
        /// recorded: the booth stopped while it ran or just after. It may or may not be on paper.
        case printing
        /// The command succeeded, with this many copies.
        case printed(copies: Int)
        /// The command failed, tries and retries: a restart that prints tries it again.
        case failed
        /// Was `printing` when a printing booth restarted, which named it as possibly not printed
        /// (once): left for the operator, never printed again by the booth.
        case unknown
        /// Saved while the booth was not printing (no `--print`): a later printing run leaves it.
        case off

        /// The word the journal and `journal show` use.
        public var word: String {
            switch self {
            case .printing: return "printing"
            case .printed: return "printed"
            case .failed: return "print-failed"
            case .unknown: return "print-unknown"
            case .off: return "not-printing"
            }
        }
    }

    /// Collage `number`'s print state; nil when never sent to the printer.
    public func printState(of number: Int) -> PrintState? {
        prints[number]
    }

    /// Whether a printing booth sends collage `number` to the printer now: it is complete, and
    /// either never sent or failed. Never one whose command may have run (`printing`, `unknown`).
    public func isToPrint(_ number: Int) -> Bool {
        guard saved(number)?.complete == true else { return false }
        switch prints[number] {
        case nil, .failed?: return true
        case .printing?, .printed?, .unknown?, .off?: return false
        }
    }

    /// The complete collages a printing booth prints on restart, in order.
    public var toPrint: [Collage] {
        collages.filter { isToPrint($0.number) }
    }

    /// The collages whose print command may have run without its outcome being recorded.
    public var printsInDoubt: [Collage] {
        collages.filter { prints[$0.number] == .printing }
    }

    /// Records collage `number`'s print state.
    public mutating func setPrint(_ state: PrintState, of number: Int) {
        prints[number] = state
    }
}
