public import CollagePrinting

/// What the booth asks the printing system before its first guest, in one small value: the state
/// of a queue, and which queue is the default. Today it asks `lpstat` (`PrinterQueue.lpstat`,
/// each question bounded in time); a probe through libcups can take its place without changing
/// what `collage check` and `watch` make of the answers (`PrinterCheck`).
public struct PrinterQueue: Sendable {
    /// What the printing system says of a queue: the same answer whether `lpstat` or libcups gave it.
    public typealias State = CupsQueue.State

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
    public static let cups = PrinterQueue(state: { CupsQueue.ask($0, within: bound) }, defaultDestination: {
        switch CupsQueue.defaultDestination(within: bound) {
        case .success(let name?): .named(name)
        case .success(nil): .none(detail: "CUPS has no default destination")
        case .failure(let reason): .unanswered(reason: reason.text)
        }
    })
}
