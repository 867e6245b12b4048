public import CollageEvents

/// The watch's events, fanned out to their subscribers in one fixed order, whatever order they
/// are registered in: the server's files first (a saved collage is servable before any page
/// hears of it), then the report (log, screen, `--json`, and through it the pages), then the
/// printer (which reports its own events through the report).
public struct BoothEvents: Sendable {
    /// Who hears an event, in the order they hear it.
    public enum Subscriber: Int, Sendable, Comparable, CaseIterable {
        /// The files the server may send.
        case servableFiles
        /// The log, the screen, `--json` and the live pages.
        case report
        /// The `--print` queue.
        case printer

        public static func < (a: Subscriber, b: Subscriber) -> Bool { a.rawValue < b.rawValue }
    }

    private let subscribers: [(Subscriber, @Sendable (PipelineEvent) -> Void)]

    /// `subscribers`, one of each kind at most, keyed by their kind: the order given is not the
    /// order they hear in.
    public init(_ subscribers: [Subscriber: @Sendable (PipelineEvent) -> Void]) {
        self.subscribers = subscribers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// A booth's fan-out: the server's files (with `--serve`), the report, the printer (with
    /// `--print`).
    public static func booth(files: (@Sendable (PipelineEvent) -> Void)?, report: @escaping @Sendable (PipelineEvent) -> Void,
                             printer: (@Sendable (PipelineEvent) -> Void)?) -> BoothEvents {
        var subscribers: [Subscriber: @Sendable (PipelineEvent) -> Void] = [.report: report]
        subscribers[.servableFiles] = files
        subscribers[.printer] = printer
        return BoothEvents(subscribers)
    }

    /// The subscribers, in the order each event reaches them.
    public var order: [Subscriber] { subscribers.map(\.0) }

    /// Sends `event` to every subscriber, in order.
    public func send(_ event: PipelineEvent) {
        for (_, hear) in subscribers { hear(event) }
    }
}
