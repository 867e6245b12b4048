import CollageCore
import Testing

/// Every duration option's one syntax, by value: seconds alone or with a unit, rounded to the
/// millisecond, signed (each option refuses what is outside its range); nothing else.
@Suite("Durations as typed")
struct DurationTextTests {
    @Test("Read", arguments: [
        ("0.5", Duration.milliseconds(500)), ("2", .seconds(2)), ("0", .zero), ("90s", .seconds(90)), ("2m", .seconds(120)),
        ("1.5m", .seconds(90)), ("1h", .seconds(3600)), ("500ms", .milliseconds(500)), ("0.0004", .zero), ("3600", .seconds(3600)),
        ("-1", .seconds(-1)), ("-0.5s", .milliseconds(-500)),
    ])
    func read(text: String, duration: Duration) {
        #expect(DurationText.parse(text) == duration)
    }

    @Test("Refused", arguments: ["", "s", "2 m", " 2", "2min", "1d", "nan", "inf", "infs", "1e13", "5 "])
    func refused(text: String) {
        #expect(DurationText.parse(text) == nil)
    }
}
