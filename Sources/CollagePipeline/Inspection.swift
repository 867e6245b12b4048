public import CollageCodecs
internal import CollageCanvas
public import CollageCore
public import CollageImaging
public import CollageSources
public import CollageFiles

/// What `inspect` learned about one file: what the tool sees in it and what `build` (or
/// `build --pages`) does with it, given the files before and after it.
public struct Inspection: Sendable {
    public let file: PhotoFile
    /// Nil when the file could not be read as an image.
    public var header: ImageHeader?
    /// Nil when it was not decoded: unreadable, or refused for its shape from its header.
    public var fingerprint: Fingerprint?
    /// The most similar photo among the files before it, and how far it is on the
    /// `--similarity` scale.
    public var nearest: Resemblance?
    /// The photo taken that it duplicates (or the better copy that took its place), as `build`
    /// names it; else the first earlier file that is the same photo.
    public var duplicateOf: PathName?
    /// The copy it took the place of, as a better copy of it.
    public var replaced: PathName?
    public var verdict: Verdict

    public enum Verdict: Sendable {
        /// `build` uses it, where `placement` says.
        case used(Placement)
        case skipped(Rejection)
    }

    /// Where a photo used is drawn.
    public struct Placement: Sendable {
        /// Its page, from 1, with `--pages`; nil for one collage.
        public var page: Int?
        /// Its place in its collage (its cell on its page), from 0.
        public var index: Int
        /// Its number among the photos used, from 1 (a label's `{n}`).
        public var number: Int
        /// Its tile on the canvas, and the part of the photo shown (its own pixels as displayed).
        public var tile: PixelRect
        public var crop: PixelRect

        public init(page: Int? = nil, index: Int, number: Int, tile: PixelRect = .zero, crop: PixelRect = .zero) {
            self.page = page
            self.index = index
            self.number = number
            self.tile = tile
            self.crop = crop
        }
    }

    public init(file: PhotoFile, header: ImageHeader? = nil, verdict: Verdict) {
        self.file = file
        self.header = header
        self.verdict = verdict
    }
}

/// `collage inspect`: every file read and decided as `build` (or with `pages`, `build --pages`)
/// decides it, by the same values: the same read-ahead (`Prefetcher`, each photo decoded at the
/// size that build keeps it at), the same selection (`Selection.decide`) or page filler
/// (`PageFiller`), the same placements. None is left unread: the files past build's limit are
/// read too, and said to be over it. The findings are kept by an `InspectionLedger`.
public struct CollageInspection: Sendable {
    public let options: CollageOptions
    public let pages: Bool

    /// With `pages`, the layout is a page's (`PagedBuild(options:)`).
    public init(options: CollageOptions, pages: Bool = false) {
        self.options = pages ? PagedBuild(options: options).options : options
        self.pages = pages
    }

    public func run(_ inputs: [PhotoInputs.Item], progress: @escaping @Sendable (Inspection) -> Void = { _ in }) async -> [Inspection] {
        let layout = options.layout
        let plan = KeptSizePlan.planned(count: pages ? layout.limit : min(layout.limit, inputs.count))
        let prefetcher = Prefetcher(inputs, reader: PhotoLoader(limits: options.readLimits), rules: rules, room: nil, depth: options.decoders,
                                    memory: options.readLimits.decode.maximumDecodeBytes) { size, index in
            plan.keptSize(of: size, file: index, position: 0, in: layout)
        }
        var ledger = InspectionLedger(similarity: options.similarity)
        if pages {
            await inspectPages(from: prefetcher, into: &ledger, progress: progress)
        } else {
            await inspectCollage(from: prefetcher, into: &ledger, progress: progress)
        }
        await prefetcher.cancel()
        return ledger.results
    }

    /// The rule book: one collage's limit, or none for pages.
    var rules: PhotoRuleBook {
        options.rules(limit: pages ? nil : options.layout.limit)
    }

    /// `build`: each step decided on one selection; its photos placed once all are decided.
    private func inspectCollage(from prefetcher: Prefetcher, into ledger: inout InspectionLedger,
                                progress: @Sendable (Inspection) -> Void) async {
        var selection = Selection(limit: options.layout.limit, similarity: options.similarity)
        while let step = await prefetcher.next(taken: selection.count) {
            let result = ledger.record(step)
            let decision = selection.decide(step, by: rules)
            switch decision.outcome {
            case .added(let photo, _):
                let index = selection.photos.firstIndex { $0.name == photo.name } ?? 0
                ledger.use(result, named: photo.name, at: Inspection.Placement(index: index, number: index + 1))
                if let replaced = decision.replaced { ledger.replace(replaced.file.path, by: result) }
            case .skipped(let rejection, _):
                ledger.skip(result, rejection)
            }
            progress(ledger.results[result])
        }
        let photos = selection.photos
        let placements = CollageRenderer.placements(of: photos, canvas: options.layout.canvas, style: options.layout.style)
        for (index, (photo, placement)) in zip(photos, placements).enumerated() {
            ledger.place(photo.name, at: Inspection.Placement(index: index, number: index + 1, tile: placement.tile, crop: placement.crop))
        }
    }

    /// `build --pages`: each step given to one page filler; each page placed as it is handed
    /// over (a page made again, again), as a dry run of `--pages` places it (`PageSaver`).
    private func inspectPages(from prefetcher: Prefetcher, into ledger: inout InspectionLedger,
                              progress: @Sendable (Inspection) -> Void) async {
        let reader = PhotoLoader(limits: options.readLimits)
        let saver = PageSaver(options: options, names: PageNames(output: PathName("page.jpg"), pages: 1), format: .jpeg, dryRun: true,
                              reader: reader, keep: PagedBuild(options: options).keep, log: { _ in })
        var filler = PageFiller(perPage: options.layout.limit, rules: rules)
        func apply(_ events: [PageFiller.Event], to result: Int?) async {
            for event in events {
                switch event {
                case .added(_, let photo, let place, _, _):
                    let number = (place.page - 1) * filler.perPage + place.cell + 1
                    if let result { ledger.use(result, named: photo.name, at: Inspection.Placement(page: place.page, index: place.cell, number: number)) }
                case .skipped(_, let rejection, _):
                    if let result { ledger.skip(result, rejection) }
                case .replaced(let kept, _, _, _, _):
                    if let result { ledger.replace(kept, by: result) }
                case .page(let page):
                    guard let page = await saver.decoded(page), case .success(let placed)? = await saver.save(page) else { continue }
                    for (index, tile) in placed.tiles.enumerated() {
                        ledger.place(tile.path, at: Inspection.Placement(page: placed.number, index: index, number: tile.number, tile: tile.tile, crop: tile.crop))
                    }
                }
            }
        }
        while let step = await prefetcher.next(taken: filler.count) {
            let result = ledger.record(step)
            await apply(filler.take(step), to: result)
            progress(ledger.results[result])
        }
        await apply(filler.finish(), to: nil)
    }
}
