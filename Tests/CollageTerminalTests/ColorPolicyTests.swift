import Testing
import CollageTerminal

@Suite("When text gets colour")
struct ColorPolicyTests {
    @Test("--color and NO_COLOR and the terminal", arguments: [
        (ColorMode.auto, [String: String](), true, true),
        (.auto, [:], false, false),  // a pipe or a file
        (.auto, ["NO_COLOR": "1"], true, false),
        (.auto, ["NO_COLOR": "anything"], true, false),
        (.auto, ["NO_COLOR": ""], true, false),  // set to anything, even empty, as the issue asks
        (.auto, ["TERM": "dumb"], true, false),
        (.always, ["NO_COLOR": "1"], false, true),  // the command line overrides the environment
        (.never, [:], true, false),
    ])
    func policy(mode: ColorMode, environment: [String: String], isTerminal: Bool, expected: Bool) {
        #expect(ColorPolicy.isEnabled(mode, environment: TerminalEnvironment(environment), isTerminal: isTerminal) == expected)
    }

    @Test("--color parses its three words")
    func parse() {
        #expect(["auto", "always", "never", "sometimes"].map(ColorMode.init(rawValue:)) == [.auto, .always, .never, nil])
    }

    @Test("Skipped in yellow, errors in bold red, saves in green; plain when disabled")
    func styles() {
        let styler = Styler(isEnabled: true)
        #expect(styler.paint("skipped", as: .skipped) == "\u{1B}[33mskipped\u{1B}[0m")
        #expect(styler.paint("failed", as: .error) == "\u{1B}[1;31mfailed\u{1B}[0m")
        #expect(styler.paint("wrote", as: .saved) == "\u{1B}[32mwrote\u{1B}[0m")
        #expect(styler.paint("", as: .saved) == "")
        #expect(Styler.plain.paint("wrote", as: .saved) == "wrote")
    }
}

@Suite("The progress line")
struct ProgressLineTests {
    private let line = ProgressLine(decided: 12, given: 40, used: 3, elapsed: .milliseconds(4_250))

    @Test("Shorter wordings as the terminal narrows, never reaching the last column", arguments: [
        (80, "collage: 12/40 photos decided, 3 used, 4.2s"),
        (44, "collage: 12/40 photos decided, 3 used, 4.2s"),
        (43, "12/40 photos, 3 used, 4.2s"),
        (20, "12/40, 3 used"),
        (8, "12/40"),
        (4, "12/"),
        (0, ""),
    ])
    func fitted(width: Int, expected: String) {
        #expect(line.text(width: width) == expected)
    }

    @Test("Drawn over the line before; cleared without a trace")
    func drawn() {
        #expect(line.drawn(width: 30) == "\r12/40 photos, 3 used, 4.2s\u{1B}[K")
        #expect(ProgressLine.clear == "\r\u{1B}[K")
    }

    @Test("Elapsed time", arguments: [
        (Duration.zero, "0.0s"), (.milliseconds(400), "0.4s"), (.milliseconds(59_999), "59.9s"),
        (.seconds(65), "1m05s"), (.seconds(3599), "59m59s"), (.seconds(3723), "1h02m"),
    ])
    func elapsed(duration: Duration, expected: String) {
        #expect(ProgressLine.format(duration) == expected)
    }
}
