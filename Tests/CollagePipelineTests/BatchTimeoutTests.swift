import CollagePipeline
import Testing

/// `--batch-timeout` as the argument parser parses it: the durations taken and the line that
/// ends the parser's error for the others.
@Suite("--batch-timeout parsed alone")
struct BatchTimeoutTests {
    @Test("Durations", arguments: [
        ("90", Duration.seconds(90)), ("90s", .seconds(90)), ("2m", .seconds(120)), ("1.5m", .seconds(90)), ("1h", .seconds(3600)),
        ("500ms", .milliseconds(500)), ("24h", .seconds(86400)), ("0.5s", .milliseconds(500)),
    ])
    func durations(text: String, duration: Duration) throws {
        #expect(try BatchTimeout(parsing: text).duration == duration)
    }

    @Test("Refused", arguments: ["", "0", "0s", "-5s", "2 m", "2min", "1d", "25h", "86401", "nan", "infs", "0.0001ms", "s"])
    func refused(text: String) {
        let error = #expect(throws: BatchTimeoutError.self) { try BatchTimeout(parsing: text) }
        #expect(error?.description == "bad batch timeout '\(text)': give seconds (90 or 90s), minutes (2m, 1.5m), hours (1h) or milliseconds (500ms), more than 0 and at most 24h")
    }
}
