internal import CollageCore
public import CollageImaging

/// What a preview on this terminal can use: the protocol, and what the terminal said of its
/// cells and colour registers. Detected once, at start, before anything else is drawn.
public struct TerminalCapabilities: Sendable, Equatable {
    public let preview: PreviewProtocol
    /// One cell in pixels, when the terminal answered `CSI 16 t`.
    public let cellSize: PixelSize?
    /// Sixel colour registers: what the terminal said, else 256.
    public let colorRegisters: Int
    /// The largest sixel image the terminal shows, when it said.
    public let sixelGeometry: PixelSize?

    public init(environment: TerminalEnvironment, answers: TerminalAnswers?) {
        preview = PreviewProtocol.choose(environment: environment, answers: answers)
        cellSize = answers?.cellSize
        colorRegisters = min(256, max(2, answers?.colorRegisters ?? 256))
        sixelGeometry = answers?.sixelGeometry
    }

    /// Asks the terminal (`TerminalProbe`, at most the environment's `probeTimeout`) and
    /// decides. Where `input` or `output` is not a terminal nothing is asked and the environment
    /// alone decides.
    public static func detect(input: Int32, output: Int32, environment: TerminalEnvironment = .current) -> TerminalCapabilities {
        let answers = TerminalProbe.ask(input: input, output: output, timeout: environment.probeTimeout,
                                        askingKitty: !environment.isMultiplexer)
        return TerminalCapabilities(environment: environment, answers: answers)
    }
}
