import CollageTerminal
import Testing

@Suite("How long the terminal is given to answer")
struct ProbeTimeoutTests {
    @Test("COLLAGE_PROBE_TIMEOUT in milliseconds, 1 to 10000; anything else keeps 200 ms", arguments: [
        (nil, 200), ("1500", 1500), ("1", 1), ("10000", 10_000), ("0", 200), ("10001", 200), ("-5", 200), ("2s", 200), ("", 200),
    ] as [(String?, Int)])
    func probeTimeout(value: String?, milliseconds: Int) {
        let environment = TerminalEnvironment(value.map { ["COLLAGE_PROBE_TIMEOUT": $0] } ?? [:])
        #expect(environment.probeTimeout == .milliseconds(milliseconds))
    }
}
