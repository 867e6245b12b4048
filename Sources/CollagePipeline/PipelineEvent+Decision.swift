public import CollageEvents
internal import CollageCore
internal import CollageFiles
public import CollageSources

extension PipelineEvent {
    /// The chain's decision on a file, as it is reported.
    public init(_ decision: Decision) {
        switch decision.outcome {
        case .added(let photo, let nearest): self = .added(decision.file, photo, count: decision.selection.count, nearest: nearest)
        case .skipped(let rejection, let size): self = .skipped(decision.file, rejection, size: size)
        }
    }

    /// A source's report, as the pipeline's.
    public init(_ event: SourceEvent) {
        switch event {
        case .skipped(let file, let rejection): self = .skipped(file, rejection, size: nil)
        case .notice(let text): self = .notice(text)
        }
    }
}
