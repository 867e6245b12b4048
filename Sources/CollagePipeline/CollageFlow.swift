public import CollageEvents
internal import AsyncAlgorithms
public import CollageCanvas
public import CollageCore
public import CollageImaging
internal import CollageSources
public import CollageFiles

/// Combinestagram's chain of operators, fed by any source of photo files: a folder being
/// watched, the arguments of `build`, or a test's in-memory source.
///
/// ```
/// files ─▶ takeWhile(room) ─▶ probe ─▶ filter shape ─▶ decode ─▶ decide (PhotoRuleBook) and scan ─▶ Decision…
/// ```
/// One `Decision` per file taken, reported to `log` as it is made: a file a stage refuses goes
/// on past the later stages untouched and is decided at the end. `selections` keeps the
/// selection after each photo added; `decision(for:index:taken:)` is one file's verdict, which a
/// booth's session asks for file by file (`SessionDriver`). Rendering and saving follow in
/// `WatchSession` (throttled) and `CollageBuild`.
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
    public let copies: PhotoRuleBook.Copies
    public var log: @Sendable (PipelineEvent) -> Void

    public init(reader: any PhotoReader, layout: Layout, accept: AcceptedShape = .landscape,
                similarity: Double = Thumbnail.samePhotoThreshold, plan: KeptSizePlan = .growing, copies: PhotoRuleBook.Copies = .keepBetter,
                log: @escaping @Sendable (PipelineEvent) -> Void) {
        self.reader = reader
        self.layout = layout
        self.accept = accept
        self.similarity = similarity
        self.plan = plan
        self.copies = copies
        self.log = log
    }

    /// The rules every photo is decided by (`PhotoRuleBook`): this flow's shape, similarity,
    /// limit and copies.
    public var rules: PhotoRuleBook {
        PhotoRuleBook(accept: accept, similarity: similarity, limit: layout.limit, copies: copies)
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
        let relay = SelectionRelay(Selection(limit: layout.limit, similarity: similarity))
        let taken = Tally()
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
            .map { (file: PhotoFile) -> Decision in
                // The chain pulls one file at a time: the last file taken is this one.
                let decision = await self.decision(for: file, index: taken.value - 1, taken: relay.value)
                if case .added = decision.outcome { relay.accept(decision.selection) }
                self.report(decision)
                return decision
            }
    }

    /// The chain's verdict on one file, given the photos `taken` so far: probe (the header
    /// only), the shape rule (from the header, before any pixel is decoded), a decode at the size
    /// for the largest tile this photo can get, then the rule book (unique, or a better copy, and
    /// the limit) on the photo compared with every photo taken, once. `index`: the file's place
    /// in the source. Nothing is logged (`report`).
    public func decision(for file: PhotoFile, index: Int, taken: Selection) async -> Decision {
        let probed = Step(file: file, value: await reader.probe(file).mapError { SizedRejection(rejection: $0, size: nil) })
            .check(size: \.size) { rules.shape($0.size) }
        let decoded: Step<Photo>
        if case .success(let photo) = probed.value {
            let kept = keptSize(of: photo.size, file: index, position: taken.count)
            decoded = Step(file: file, value: await photo.decode(keeping: kept).mapError { SizedRejection(rejection: $0, size: photo.size) })
        } else {
            decoded = probed.failed()
        }
        return Self.scan(decoded, by: rules, into: taken)
    }

    /// Reports a decision to `log`, and the photo a better copy took the place of.
    public func report(_ decision: Decision) {
        log(PipelineEvent(decision))
        if let replaced = decision.replaced {
            log(.skipped(replaced.file, .replacedBy(decision.file.path), size: replaced.size))
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

    /// The scan (the book's `scan` into the selection, `reductions` in Swift): the rule book's
    /// verdict on a photo that passed the stages before, carried out on the selection in `relay`.
    private static func scan(_ step: Step<Photo>, by rules: PhotoRuleBook, into taken: Selection) -> Decision {
        var selection = taken
        switch step.value {
        case .failure(let failure):
            return Decision(file: step.file, outcome: .skipped(failure.rejection, size: failure.size), selection: selection)
        case .success(let photo):
            let resemblances = selection.photos.map { Resemblance(of: photo, to: $0) }
            switch rules.decide(photo, resemblances: resemblances, taken: selection.count) {
            case .skip(let rejection):
                return Decision(file: step.file, outcome: .skipped(rejection, size: photo.size), selection: selection)
            case .use(let nearest):
                selection.take(photo)
                return Decision(file: step.file, outcome: .added(photo, nearest: nearest), selection: selection)
            case .replace(let kept, let nearest):
                _ = selection.replace(kept.name, with: photo)
                return Decision(file: step.file, outcome: .added(photo, nearest: nearest), selection: selection,
                                replaced: (PhotoFile(path: kept.name), kept.size))
            }
        }
    }
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
