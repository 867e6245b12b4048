internal import CollageEvents
internal import CollageCore
internal import CollageCanvas
internal import CollageSources
internal import CollageFiles

extension CollageBuild {
    /// Every input's decision, in order, each reported to `flow`'s log as it is made: the files
    /// read ahead (`Prefetcher`, never past the last photo the collage can take), each decided
    /// on the selection as it comes (`Selection.decide`). When the collage fills up, takeWhile
    /// ends the chain: the files after it were never read, and are over the limit. Stopped before
    /// (cancelled), the chain ends early: the files it never reached are said to be, not over any
    /// limit.
    static func decisions(_ inputs: [PhotoInputs.Item], flow: CollageFlow, depth: Int, memory: Int) async -> [Decision] {
        let rules = flow.rules
        let prefetcher = Prefetcher(inputs, reader: flow.reader, rules: rules, room: flow.layout.limit, depth: depth, memory: memory) { size, index in
            flow.keptSize(of: size, file: index, position: 0)
        }
        var selection = Selection(limit: flow.layout.limit, similarity: flow.similarity)
        var decisions: [Decision] = []
        while !Task.isCancelled, !selection.isFull, let step = await prefetcher.next(taken: selection.count) {
            let decision = selection.decide(step, by: rules)
            flow.report(decision)
            decisions.append(decision)
        }
        await prefetcher.cancel()
        let unread: Rejection = selection.isFull ? .overLimit(selection.limit) : .notReached
        for item in inputs.dropFirst(decisions.count) {
            let decision = Decision(file: item.file, outcome: .skipped(unread, size: nil), selection: selection)
            flow.log(PipelineEvent(decision))
            decisions.append(decision)
        }
        return decisions
    }

    /// The report's line for each decision: a photo used with where it is drawn (in the
    /// selection's order: a better copy where the copy it replaced was), or why not.
    static func inputs(_ decisions: [Decision], drawn photos: [Photo], at placements: [TilePlacement]) -> [BuildReport.Input] {
        decisions.map { decision in
            switch decision.outcome {
            case .added(let photo, _):
                let index = photos.firstIndex { $0.name == photo.name } ?? 0
                let placement = placements[index]
                return BuildReport.Input(file: decision.file, outcome: .used(
                    BuildReport.UsedPhoto(index: index, photo: photos[index], tile: placement.tile, crop: placement.crop)))
            case .skipped(let rejection, let size):
                return BuildReport.Input(file: decision.file, outcome: .skipped(rejection, size: size))
            }
        }
    }
}
