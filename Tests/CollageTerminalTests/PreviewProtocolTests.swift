import CollageCore
import CollageImaging
import Testing
@testable import CollageTerminal

@Suite("Choosing the preview protocol from the environment and the terminal's answers")
struct PreviewProtocolTests {
    private static let da1 = [62, 22]
    private static let da1Sixel = [62, 4, 22]

    @Test("The decision table", arguments: [
        // The terminal's answers first.
        ([:], TerminalAnswers(kittyGraphics: true, deviceAttributes: da1), PreviewProtocol.kitty),
        (["COLORTERM": "truecolor"], TerminalAnswers(deviceAttributes: da1Sixel), .sixel),
        (["TERM": "xterm-kitty"], TerminalAnswers(kittyGraphics: true, deviceAttributes: da1Sixel), .kitty),
        (["COLORTERM": "truecolor"], TerminalAnswers(deviceAttributes: da1), .trueColorBlocks),
        (["COLORTERM": "24bit"], TerminalAnswers(deviceAttributes: da1), .trueColorBlocks),
        (["TERM": "xterm-256color"], TerminalAnswers(deviceAttributes: da1), .ansi256Blocks),
        // KITTY_WINDOW_ID inherited by an xterm started from kitty: the answers say no kitty.
        (["KITTY_WINDOW_ID": "3", "TERM": "xterm"], TerminalAnswers(deviceAttributes: da1), .ansi256Blocks),
        // No answer (not a terminal, or it never answered): the environment alone.
        (["TERM": "xterm-kitty"], nil, .kitty),
        (["KITTY_WINDOW_ID": "3", "TERM": "xterm-256color"], TerminalAnswers(), .kitty),
        (["KITTY_WINDOW_ID": "3", "TERM": "tmux-256color", "COLORTERM": "truecolor"], nil, .trueColorBlocks),
        (["TERM_PROGRAM": "WezTerm"], nil, .trueColorBlocks),
        (["TERM": "xterm-direct"], nil, .trueColorBlocks),
        (["TERM": "xterm-256color", "COLORTERM": "yes"], nil, .ansi256Blocks),
        ([:], nil, .ansi256Blocks),
    ] as [([String: String], TerminalAnswers?, PreviewProtocol)])
    func choose(environment: [String: String], answers: TerminalAnswers?, expected: PreviewProtocol) {
        #expect(PreviewProtocol.choose(environment: TerminalEnvironment(environment), answers: answers) == expected)
    }

    @Test("The order of preference")
    func order() {
        #expect(PreviewProtocol.allCases.sorted() == [.kitty, .sixel, .trueColorBlocks, .ansi256Blocks])
    }

    @Test("Capabilities keep the terminal's cell size and colour registers, 256 when unsaid")
    func capabilities() {
        let answered = TerminalCapabilities(
            environment: TerminalEnvironment([:]),
            answers: TerminalAnswers(deviceAttributes: Self.da1Sixel, colorRegisters: 16, cellSize: PixelSize(width: 10, height: 20)))
        #expect(answered.preview == .sixel && answered.colorRegisters == 16 && answered.cellSize == PixelSize(width: 10, height: 20))
        let silent = TerminalCapabilities(environment: TerminalEnvironment([:]), answers: nil)
        #expect(silent.colorRegisters == 256 && silent.cellSize == nil)
        let huge = TerminalCapabilities(environment: TerminalEnvironment([:]), answers: TerminalAnswers(colorRegisters: 1024))
        #expect(huge.colorRegisters == 256)
    }
}

@Suite("Reading the terminal's answers")
struct TerminalReplyParserTests {
    private func parse(_ chunks: [String]) -> TerminalAnswers {
        var parser = TerminalReplyParser()
        for chunk in chunks { parser.feed(Array(chunk.utf8)) }
        return parser.answers
    }

    @Test("All four answers, fed a byte at a time")
    func everyAnswer() {
        let reply = "\u{1B}_Gi=31;OK\u{1B}\\" + "\u{1B}[?1;0;256S" + "\u{1B}[?2;0;1000;800S" + "\u{1B}[6;20;10t"
            + "\u{1B}[?63;1;2;4;6;9;15;22c"
        #expect(parse(reply.map { String($0) }) == TerminalAnswers(
            kittyGraphics: true, deviceAttributes: [63, 1, 2, 4, 6, 9, 15, 22], colorRegisters: 256,
            sixelGeometry: PixelSize(width: 1000, height: 800), cellSize: PixelSize(width: 10, height: 20)))
    }

    @Test("A kitty reply after the device attributes does not count; nor does an error reply")
    func lateOrFailed() {
        #expect(parse(["\u{1B}[?62;22c", "\u{1B}_Gi=31;OK\u{1B}\\"]).kittyGraphics == false)
        #expect(parse(["\u{1B}_Gi=31;EINVAL:bad format\u{1B}\\", "\u{1B}[?62c"]).kittyGraphics == false)
        #expect(parse(["\u{1B}_Gi=7;OK\u{1B}\\", "\u{1B}[?62c"]).kittyGraphics == false)
    }

    @Test("Keys typed meanwhile, other answers, a failed XTSMGRAPHICS and a geometry of zeros (no limit) are skipped")
    func noise() {
        let answers = parse(["ab\u{1B}[A", "\u{1B}]11;rgb:0000/0000/0000\u{07}", "\u{1B}[?1;3;0S", "\u{1B}[?2;0;0;0S", "x\u{1B}[?6", "2;4c"])
        #expect(answers == TerminalAnswers(deviceAttributes: [62, 4]))
        #expect(answers.sixel && answers.isComplete)
    }

    @Test("Nothing yet: incomplete")
    func partial() {
        #expect(!parse(["\u{1B}_Gi=31;OK\u{1B}\\", "\u{1B}[?62;"]).isComplete)
    }
}
