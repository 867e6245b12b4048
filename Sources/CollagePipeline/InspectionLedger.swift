internal import CollageCore
internal import CollageImaging
internal import CollageFiles

/// `inspect`'s findings, one per file in order, by value: what each file's step showed (its
/// header, its fingerprint, the nearest earlier photo and the first it is the same photo as),
/// then what the build's own value (its selection, or the page filler) decided, written in: a
/// photo taken and where, one skipped and why, a copy a better one took the place of (its
/// finding rewritten: a duplicate of the better one, which names it as the copy it replaced).
struct InspectionLedger {
    let similarity: Double
    private(set) var results: [Inspection] = []
    /// Every photo decoded so far, without its pixels: the nearest is over all of them.
    private var seen: [Photo] = []
    /// The finding of each photo taken, by name.
    private var taken: [PathName: Int] = [:]

    init(similarity: Double) {
        self.similarity = similarity
    }

    /// The next file's step: its finding, numbered; until decided, it is skipped for the reason
    /// its stages gave, or not reached.
    mutating func record(_ step: PhotoStep) -> Int {
        var finding = Inspection(file: step.file, header: step.header, verdict: .skipped(.notReached))
        switch step.outcome {
        case .failure(let refusal):
            finding.verdict = .skipped(refusal.rejection)
        case .success(let photo):
            let resemblances = seen.map { Resemblance(of: photo, to: $0) }
            finding.fingerprint = photo.fingerprint
            finding.nearest = PhotoRules.nearest(among: resemblances)
            if case .duplicate(let original)? = PhotoRules.unique(among: resemblances, similarity: similarity) {
                finding.duplicateOf = original
            }
            seen.append(Photo(name: photo.name, size: photo.size, image: Self.noPixels, fingerprint: photo.fingerprint, thumbnail: photo.thumbnail))
        }
        results.append(finding)
        return results.count - 1
    }

    /// Finding `result`, the photo `name`, is taken, at `placement`.
    mutating func use(_ result: Int, named name: PathName, at placement: Inspection.Placement) {
        taken[name] = result
        results[result].verdict = .used(placement)
    }

    /// Finding `result` is not taken; a duplicate names the photo taken it copies.
    mutating func skip(_ result: Int, _ rejection: Rejection) {
        results[result].verdict = .skipped(rejection)
        if case .duplicate(let original) = rejection { results[result].duplicateOf = original }
    }

    /// The photo taken named `kept` gave its place to finding `result`, a better copy of it.
    mutating func replace(_ kept: PathName, by result: Int) {
        guard let earlier = taken.removeValue(forKey: kept) else { return }
        let better = results[result].file.path
        results[earlier].verdict = .skipped(.replacedBy(better))
        results[earlier].duplicateOf = better
        results[result].replaced = kept
    }

    /// The photo taken named `name` is drawn at `placement` (its tile and crop known).
    mutating func place(_ name: PathName, at placement: Inspection.Placement) {
        guard let result = taken[name] else { return }
        results[result].verdict = .used(placement)
    }

    private static let noPixels = RGBImage(size: PixelSize(width: 1, height: 1))
}
