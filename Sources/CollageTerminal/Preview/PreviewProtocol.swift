/// How a preview is drawn, best first: the real pixels (kitty), a quantised picture (sixel),
/// then text cells in 24-bit colour or in the 256-colour palette, which every terminal has.
public enum PreviewProtocol: String, Sendable, CaseIterable, Comparable {
    case kitty
    case sixel
    case trueColorBlocks
    case ansi256Blocks

    /// The terminal's answers win over the environment, which stands in only where the terminal
    /// did not answer: a kitty reply (or, unanswered, `TERM=xterm-kitty`) means kitty;
    /// attribute 4 in the device attributes means sixel; then 24-bit colour when `COLORTERM`
    /// or the terminal's name promises it; else 256 colours.
    public static func choose(environment: TerminalEnvironment, answers: TerminalAnswers?) -> PreviewProtocol {
        if answers?.kittyGraphics == true { return .kitty }
        // A terminal that answered DA1 without a kitty reply has no kitty graphics, whatever
        // the environment inherited (KITTY_WINDOW_ID survives into an xterm started from kitty).
        if environment.saysKitty && answers?.isComplete != true { return .kitty }
        if answers?.sixel == true { return .sixel }
        return environment.saysTrueColor ? .trueColorBlocks : .ansi256Blocks
    }

    public static func < (lhs: PreviewProtocol, rhs: PreviewProtocol) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
