import CollageSources
import CollageLocking

/// Collects what a source reports, as lines.
final class SourceLog: Sendable {
    private let events = Locked<[SourceEvent]>([])

    func record(_ event: SourceEvent) { events.withLock { $0.append(event) } }

    var lines: [String] {
        events.withLock { $0 }.map { event in
            switch event {
            case .skipped(let file, let reason): return "\(file): \(reason)"
            case .notice(let text): return text
            }
        }
    }
}
