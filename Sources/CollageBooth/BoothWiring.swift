internal import CollagePipeline
internal import CollageCanvas
internal import CollageEvents
internal import CollageLocking
internal import CollagePrinting
internal import CollageReport
internal import CollageServer

/// A booth's outlets, wired once: the report (log, screen, `--json`, and through the server the
/// pages), the printer, the fan-out of the events in their fixed order (`BoothEvents`), the lines
/// held back until the `started` event scripts read first, and the one way a run ends through them.
final class BoothWiring: Sendable {
    let report: WatchReport
    let printing: WatchPrinting?
    let events: BoothEvents
    let server: BoothServer?
    /// Lines about the output before the watch starts (its folder made, a killed run's files
    /// removed): they follow the `started` event.
    private let held = Locked<[String]>([])

    init<Source, C>(_ settings: WatchSettings, log: EventLog, server: BoothServer?, parts: BoothParts<Source, C>) {
        // The main screen replaces the scrolling log; errors follow once it is closed.
        let report = WatchReport(log: log, screen: settings.report.previewScreen(), styler: settings.report.styler,
                                 json: settings.report.json, limit: settings.options.layout.limit, listener: server?.publish)
        let printing = settings.printer.map { printer in parts.printing(printer, settings.maxPrints) { event in report.event(event) } }
        self.report = report
        self.printing = printing
        self.server = server
        events = BoothEvents.booth(files: server.map(Self.hearing), report: { event in report.event(event) }, printer: printing.map(Self.hearing))
    }

    /// The files a server may send, learnt from the events.
    private static func hearing(_ server: BoothServer) -> @Sendable (PipelineEvent) -> Void {
        { event in server.note(event) }
    }

    /// The collages a printer prints, learnt from the events.
    private static func hearing(_ printing: WatchPrinting) -> @Sendable (PipelineEvent) -> Void {
        { event in printing.note(event) }
    }

    /// Holds `line` until the `started` event is out.
    func holdUntilStarted(_ line: String) {
        held.withLock { $0.append(line) }
    }

    /// Says the lines held, as notices.
    func sayHeld() {
        for line in held.withLock({ lines in defer { lines = [] }; return lines }) { events.send(.notice(line)) }
    }

    /// Ends the run: the lines still held, the report's `finished`, the server closed.
    func end(_ end: WatchEnd) async -> WatchEnd {
        sayHeld()
        report.finish(reason: end.code, status: end.status, error: end.error)
        await server?.close()
        return end
    }
}
