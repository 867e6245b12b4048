public import CollageEvents
public import CollageCore
public import CollageTerminal

/// Everything `watch` tells while it runs and when it ends: each event on the main screen or in
/// the log, as a JSON line with `--json`, and into the list of finished collages; at the end the
/// collages left behind, the screen closed, the error (once the screen no longer hides it) and
/// the `finished` event. The command itself keeps only the wiring and the exit codes.
public final class WatchReport: Sendable {
    private let log: EventLog
    private let screen: WatchScreen?
    private let json: Bool
    private let limit: Int
    private let finished: FinishedCollages
    private let listener: (@Sendable (JSONValue) -> Void)?

    /// `screen`: the preview screen when asked for and available; it then replaces the log's
    /// event lines. `limit`: photos per collage. `listener`: receives every JSON object `--json`
    /// prints, whether or not it is printed (`--serve` sends them to its pages).
    public init(log: EventLog, screen: PreviewScreen?, styler: Styler, json: Bool, limit: Int,
                listener: (@Sendable (JSONValue) -> Void)? = nil) {
        self.log = log
        self.screen = screen.map { WatchScreen(screen: $0, styler: styler) }
        self.json = json
        self.limit = limit
        finished = FinishedCollages(printing: !json)
        self.listener = listener
    }

    /// Whether the main screen shows the collage: the sink then keeps each saved image for it.
    public var hasScreen: Bool { screen != nil }

    /// The first JSON line, once the folder is being watched; `url`: where `--serve` serves.
    public func started(folder: PathName, output: PathName, batches: Bool, throttle: Duration, url: String? = nil) {
        tell { WatchJSON.started(folder: folder, output: output, limit: limit, batches: batches, throttle: throttle, url: url) }
    }

    public func event(_ event: PipelineEvent) {
        if let screen { screen.event(event) } else { log.event(event) }
        tell { WatchJSON.event(event) }
        finished.note(event)
    }

    /// The end of the run: why (`reason`, the JSON's code), the exit status it ends with, and
    /// the error to print, if any.
    public func finish(reason: String, status: Int32, error: String? = nil) {
        log.flush()
        finished.printRemaining()
        screen?.close()
        if let error { log.error(error) }
        tell { WatchJSON.finished(reason: reason, exitStatus: status, collages: finished.all, error: error) }
    }

    /// One JSON object to stdout with `--json` and to the listener, encoded only if either wants it.
    private func tell(_ object: () -> JSONValue) {
        guard json || listener != nil else { return }
        let value = object()
        if json { Console.standardOutput.line(value.serialized) }
        listener?(value)
    }
}
