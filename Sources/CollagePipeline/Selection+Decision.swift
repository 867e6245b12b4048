public import CollageCore
internal import CollageImaging
internal import CollageFiles

extension Selection {
    /// The scan (the book's `scan` into the selection, `reductions` in Swift) for `build` and
    /// `watch`: the rule book's verdict on `step`, carried out on this selection. A step a stage
    /// refused is skipped; a photo is compared with every photo taken, once, and taken, put in
    /// the place of the copy it is better than, or skipped.
    public mutating func decide(_ step: PhotoStep, by rules: PhotoRuleBook) -> Decision {
        let photo: Photo
        switch step.outcome {
        case .failure(let refusal):
            return Decision(file: step.file, outcome: .skipped(refusal.rejection, size: refusal.size), selection: self)
        case .success(let decoded):
            photo = decoded
        }
        let resemblances = photos.map { Resemblance(of: photo, to: $0) }
        switch rules.decide(photo, resemblances: resemblances, taken: count) {
        case .skip(let rejection):
            return Decision(file: step.file, outcome: .skipped(rejection, size: photo.size), selection: self)
        case .use(let nearest):
            take(photo)
            return Decision(file: step.file, outcome: .added(photo, nearest: nearest), selection: self)
        case .replace(let kept, let nearest):
            _ = replace(kept.name, with: photo)
            return Decision(file: step.file, outcome: .added(photo, nearest: nearest), selection: self,
                            replaced: (PhotoFile(path: kept.name), kept.size))
        }
    }
}
