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
/// files ─▶ takeWhile(room) ─▶ probe ─▶ filter shape ─▶ decode (PhotoStep) ─▶ decide (PhotoRuleBook) and scan (Selection.decide) ─▶ Decision…
/// ```
/// One `Decision` per file taken, reported to `log` as it is made: a file a stage refuses goes
/// on past the later stages untouched and is decided at the end. `build` reads its files ahead
/// of the same scan (`Prefetcher`, `CollageBuild.decisions`). `selections` keeps the
/// selection after each photo added; `decision(for:index:taken:)` is one file's verdict, which a
/// booth's session asks for file by file (`SessionDriver`). Rendering and saving follow in
/// `WatchSession` (throttled) and `CollageBuild`.
public struct CollageFlow: Sendable {
    public let reader: any PhotoReader
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

    /// The chain's verdict on one file, given the photos `taken` so far: its step (probe, the
    /// shape rule from the header before any pixel is decoded, a decode at the size for the
    /// largest tile this photo can get; `PhotoStep.read`), then the rule book (unique, or a better
    /// copy, and the limit) carried out on the selection (`Selection.decide`), the photo compared
    /// with every photo taken, once. `index`: the file's place in the source. Nothing is logged
    /// (`report`).
    public func decision(for file: PhotoFile, index: Int, taken: Selection) async -> Decision {
        let step = await PhotoStep.read(.file(file), index: index, reader: reader, rules: rules) { size in
            keptSize(of: size, file: index, position: taken.count)
        }
        var selection = taken
        return selection.decide(step, by: rules)
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
}
