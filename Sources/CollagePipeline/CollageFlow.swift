internal import AsyncAlgorithms
public import CollageCanvas
public import CollageCore
public import CollageImaging
internal import CollageSources
public import CollageFiles
public import CollageWriting

/// Combinestagram's chain of operators, fed by any source of photo files: a folder being
/// watched, the arguments of `build`, or a test's in-memory source.
///
/// ```
/// files ─▶ takeWhile(room) ─▶ probe ─▶ filter shape ─▶ decode ─▶ compare ─▶ filter unique ─▶ scan ─▶ Decision…
/// ```
/// One `Decision` per file taken, reported to `log` as it is made: a file a stage refuses goes
/// on past the later stages untouched and is decided at the end. `selections` keeps the
/// selection after each photo added. Throttling, rendering and saving follow in `WatchSession`
/// (and, unthrottled, in `CollageBuild`).
public struct CollageFlow: Sendable {
    public var reader: any PhotoReader
    /// The collage: its canvas and style decide the tiles a photo can get, so the size it is
    /// kept at; its limit is takeWhile's.
    public let layout: Layout
    public let accept: AcceptedShape
    /// The duplicate rule's threshold on the `--similarity` scale (`Thumbnail.distance(to:)`).
    public let similarity: Double
    /// How the size a photo is kept at is chosen: by its place as the collage grows (`watch`), or
    /// from a collage planned up front (`build`).
    public let plan: KeptSizePlan
    /// Whether a better copy of a photo taken (`PhotoRules.isBetterCopy`) takes its place:
    /// `build` and plain `watch`. A booth keeps the first, which may be on the screen already.
    public let betterCopies: Bool
    public var log: @Sendable (PipelineEvent) -> Void

    public init(reader: any PhotoReader, layout: Layout, accept: AcceptedShape = .landscape,
                similarity: Double = Thumbnail.samePhotoThreshold, plan: KeptSizePlan = .growing, betterCopies: Bool = true,
                log: @escaping @Sendable (PipelineEvent) -> Void) {
        self.reader = reader
        self.layout = layout
        self.accept = accept
        self.similarity = similarity
        self.plan = plan
        self.betterCopies = betterCopies
        self.log = log
    }

    /// The size the chain keeps `photo` at, as the `file`-th file of the source arriving when
    /// `position` photos are taken.
    public func keptSize(of photo: PixelSize, file: Int, position: Int) -> PixelSize {
        plan.keptSize(of: photo, file: file, position: position, in: layout)
    }

    /// What the chain decided about each file it took from `files`, in order, one decision per
    /// file, each reported to `log` as it is made. The sequence ends when its source does, or
    /// when a file arrives after the selection is full; that file is left in `overflow`.
    public func decisions<Files: AsyncSequence<PhotoFile, Never> & Sendable>(
        from files: Files, overflow: Overflow = Overflow()
    ) -> some AsyncSequence<Decision, Never> & Sendable {
        let empty = Selection(limit: layout.limit, similarity: similarity)
        let relay = SelectionRelay(empty)
        let taken = Tally()
        let (reader, accept, similarity, betterCopies, log) = (reader, accept, similarity, betterCopies, log)
        return files
            // takeWhile: the app stopped taking photos at six.
            .prefix(while: { file in
                guard relay.value.isFull else {
                    taken.count()
                    return true
                }
                overflow.hold(file)
                return false
            })
            // probe: the header only.
            .map { (file: PhotoFile) -> Step<ProbedPhoto> in
                Step(file: file, value: await reader.probe(file).mapError { SizedRejection(rejection: $0, size: nil) })
            }
            // filter by shape: decided from the header, before any pixel is decoded.
            .map { step in step.check(size: \.size) { PhotoRules.shape($0.size, accepted: accept) } }
            // decode once, at the size for the largest tile this photo can get.
            .map { (step: Step<ProbedPhoto>) -> Step<Photo> in
                guard case .success(let probed) = step.value else { return step.failed() }
                // The chain pulls one file at a time: the last file taken is this one.
                let kept = self.keptSize(of: probed.size, file: taken.value - 1, position: relay.value.count)
                let decoded = await probed.decode(keeping: kept)
                return Step(file: step.file, value: decoded.mapError { SizedRejection(rejection: $0, size: probed.size) })
            }
            // compare with every photo taken, once: the duplicate rule and the nearest reported both read it.
            .map { (step: Step<Photo>) in
                step.map { photo in ComparedPhoto(photo: photo, resemblances: relay.value.photos.map { Resemblance(of: photo, to: $0) }) }
            }
            // filter unique: against every photo taken, not just the previous one; a better copy
            // of one goes on, to take its place.
            .map { (step: Step<ComparedPhoto>) -> Step<ComparedPhoto> in
                guard case .success(var compared) = step.value else { return step }
                let duplicate = PhotoRules.unique(among: compared.resemblances, similarity: similarity)
                if betterCopies, case .duplicate(let name)? = duplicate, let kept = relay.value.photo(named: name),
                   PhotoRules.isBetterCopy(compared.photo, than: kept) {
                    compared.replacing = kept
                    return Step(file: step.file, value: .success(compared))
                }
                return step.check(size: \.photo.size) { _ in duplicate }
            }
            // scan into the selection; every decision is reported.
            .map { (step: Step<ComparedPhoto>) -> Decision in
                let decision = Self.scan(step, into: relay)
                log(PipelineEvent(decision))
                if let replaced = decision.replaced {
                    log(.skipped(replaced.file, .replacedBy(decision.file.path), size: replaced.size))
                }
                return decision
            }
    }

    /// The selection after each accepted photo: the decisions that added one.
    public func selections<Files: AsyncSequence<PhotoFile, Never> & Sendable>(
        from files: Files, overflow: Overflow = Overflow()
    ) -> some AsyncSequence<Selection, Never> & Sendable {
        decisions(from: files, overflow: overflow).compactMap { decision in
            if case .added = decision.outcome { return decision.selection }
            return nil
        }
    }

    /// The scan (the book's `scan` into the selection, `reductions` in Swift): adds a photo that
    /// passed every rule to the selection in `relay`, which may still refuse it.
    private static func scan(_ step: Step<ComparedPhoto>, into relay: SelectionRelay) -> Decision {
        switch step.value {
        case .failure(let failure):
            return Decision(file: step.file, outcome: .skipped(failure.rejection, size: failure.size), selection: relay.value)
        case .success(let compared):
            var selection = relay.value
            if let kept = compared.replacing, selection.replace(kept.name, with: compared.photo) {
                relay.accept(selection)
                return Decision(file: step.file, outcome: .added(compared.photo, nearest: PhotoRules.nearest(among: compared.resemblances)),
                                selection: selection, replaced: (PhotoFile(path: kept.name), kept.size))
            }
            do throws(Rejection) {
                try selection.add(compared.photo, resemblances: compared.resemblances)
                relay.accept(selection)
                let nearest = PhotoRules.nearest(among: compared.resemblances)
                return Decision(file: step.file, outcome: .added(compared.photo, nearest: nearest), selection: selection)
            } catch {
                return Decision(file: step.file, outcome: .skipped(error, size: compared.photo.size), selection: selection)
            }
        }
    }
}

/// A decoded photo with how it resembles each photo taken, in order. The chain pulls one photo
/// at a time, so these are the photos the scan adds it to.
private struct ComparedPhoto: Sendable {
    let photo: Photo
    let resemblances: [Resemblance]
    /// The photo taken that this one, a better copy of it, is to replace.
    var replacing: Photo?
}

/// A rejection with the photo's displayed size, when its header was read.
private struct SizedRejection: Error {
    let rejection: Rejection
    let size: PixelSize?
}

/// One file between two stages: what the stages so far made of it, or why one refused it. A
/// refused file passes the later stages untouched, to be decided (and reported) at the end.
private struct Step<Value: Sendable>: Sendable {
    let file: PhotoFile
    let value: Result<Value, SizedRejection>

    func map<New>(_ transform: (Value) -> New) -> Step<New> {
        Step<New>(file: file, value: value.map(transform))
    }

    /// A rule: passes what it accepts, refuses the rest with the photo's size.
    func check(size: (Value) -> PixelSize, _ rule: (Value) -> Rejection?) -> Step {
        guard case .success(let value) = value, let rejection = rule(value) else { return self }
        return Step(file: file, value: .failure(SizedRejection(rejection: rejection, size: size(value))))
    }

    /// A refusal carried on to a stage that makes another kind of value.
    func failed<New>() -> Step<New> {
        guard case .failure(let failure) = value else { preconditionFailure("only a refused file is carried on") }
        return Step<New>(file: file, value: .failure(failure))
    }
}
