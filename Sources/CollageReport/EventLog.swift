internal import CollageCore
internal import CollageSources
internal import CollageCodecs
public import CollagePipeline

/// The human log on stderr: a printer of pipeline events, one line each, prefixed like every
/// Unix tool's (`collage: …`).
public final class EventLog: Sendable {
    public let verbosity: Verbosity
    public let watching: Bool
    private let console: Console

    public init(verbosity: Verbosity, watching: Bool, console: Console = .standardError) {
        self.verbosity = verbosity
        self.watching = watching
        self.console = console
    }

    public func event(_ event: PipelineEvent) {
        for (_, text) in LogLines.lines(for: event, verbosity: verbosity, watching: watching) {
            console.line("collage: " + text)
        }
    }

    /// An error: printed even when quiet.
    public func error(_ text: String) {
        console.line("collage: " + text)
    }
}
