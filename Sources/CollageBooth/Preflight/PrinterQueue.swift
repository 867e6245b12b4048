internal import CollagePrinting

/// What the booth asks the printing system before its first guest, in one small value: the state
/// of a queue, and which queue is the default. Today it asks `lpstat` (`PrinterQueue.lpstat`,
/// each question bounded in time); a probe through libcups can take its place without changing
/// what `collage check` and `watch` make of the answers (`PrinterCheck`).
public struct PrinterQueue: Sendable {
    /// What the printing system says of a queue.
    public enum State: Sendable, Equatable {
        /// It takes jobs; a queue that is not `enabled` holds them until it is.
        case accepting(enabled: Bool, detail: String)
        /// It refuses jobs: every `lp` to it fails.
        case rejecting(detail: String)
        /// No queue of that name.
        case unknown(detail: String)
        /// No answer: no `lpstat`, no scheduler, none within the bound.
        case unanswered(reason: String)
    }

    /// What the printing system says of the default destination.
    public enum Default: Sendable, Equatable {
        case named(String)
        case none(detail: String)
        case unanswered(reason: String)
    }

    public let state: @Sendable (_ queue: String) -> State
    public let defaultDestination: @Sendable () -> Default

    public init(state: @escaping @Sendable (String) -> State, defaultDestination: @escaping @Sendable () -> Default) {
        self.state = state
        self.defaultDestination = defaultDestination
    }

    /// The longest the booth waits for an answer: a CUPS server off the network must not hold
    /// the start (or `collage check`) longer than this.
    public static let bound: Duration = .seconds(3)

    /// Through `lpstat`, as pibooth checks its printer at start.
    public static let lpstat = PrinterQueue(state: { Lpstat.state(of: $0, within: bound) },
                                            defaultDestination: { Lpstat.defaultDestination(within: bound) })

    /// Through libcups, as `--printer` prints: the server CUPS clients use, each question bounded.
    public static let cups = PrinterQueue(state: { name in
        switch CupsQueue.ask(name, within: bound) {
        case .accepting(let enabled, let detail): .accepting(enabled: enabled, detail: detail)
        case .rejecting(let detail): .rejecting(detail: detail)
        case .unknown(let detail): .unknown(detail: detail)
        case .unanswered(let reason): .unanswered(reason: reason)
        }
    }, defaultDestination: {
        switch CupsQueue.defaultDestination(within: bound) {
        case .success(let name?): .named(name)
        case .success(nil): .none(detail: "CUPS has no default destination")
        case .failure(let reason): .unanswered(reason: reason.text)
        }
    })
}
