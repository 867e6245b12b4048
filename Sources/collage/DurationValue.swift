internal import ArgumentParser
internal import CollageCore

/// The value of an option that takes a duration (`--throttle`, `--print-timeout`,
/// `--serve-idle-timeout`), in the one syntax `DurationText` reads (`0.5`, `500ms`, `90s`, `2m`);
/// a value it refuses is the parser's usage error naming the option. Its default is shown in
/// seconds, as the help has always said it.
struct DurationValue: ExpressibleByArgument, Hashable {
    let duration: Duration

    init(_ duration: Duration) {
        self.duration = duration
    }

    init?(argument: String) {
        guard let duration = DurationText.parse(argument) else { return nil }
        self.duration = duration
    }

    /// `0.5`, `60`.
    var defaultValueDescription: String {
        let milliseconds = duration / .milliseconds(1)
        return milliseconds.truncatingRemainder(dividingBy: 1000) == 0 ? "\(Int(milliseconds / 1000))" : "\(milliseconds / 1000)"
    }
}
