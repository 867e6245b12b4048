import CollageEvents
import CollageLocking
import CollagePipeline

/// Collects what the pipeline reports.
final class RecordedEvents: Sendable {
    private let events = Locked<[PipelineEvent]>([])

    func record(_ event: PipelineEvent) { events.withLock { $0.append(event) } }
    var all: [PipelineEvent] { events.withLock { $0 } }

    /// Waits until `line` was said: a session takes what a source sends in its own time.
    func untilSaid(_ line: String) async {
        while !lines.contains(line) { await Task.yield() }
    }

    /// Each event in a few words: what the chain decided about which file.
    var lines: [String] {
        all.map { event in
            switch event {
            case .added(let file, _, _, _): return "\(file): added"
            case .skipped(let file, let reason, _): return "\(file): \(reason)"
            case .saved(let saved, let photos, let batch, _): return "saved \(saved.destination) (\(photos), batch \(batch))"
            case .saveFailed(let destination, let error, let photos, let batch, let next):
                return "not saved \(destination) (\(photos), batch \(batch)): \(error)" + (next.retryIn.map { ", again in \($0)" } ?? "")
            case .printed(let path, let copies, let batch): return "printed \(path) (\(copies), batch \(batch))"
            case .printFailed(let path, let error, _, _, let batch, _): return "not printed \(path) (batch \(batch)): \(error)"
            case .printUnknown(let path, let batch): return "possibly not printed \(path) (batch \(batch))"
            case .withdrawn(let path, let batch): return "withdrawn \(path) (batch \(batch))"
            case .notice(let text): return text
            }
        }
    }
}
