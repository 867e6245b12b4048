public import CollageEvents
internal import AsyncAlgorithms
internal import CollageCodecs
internal import CollageCanvas
public import CollageCore
internal import CollageImaging
public import CollageSources
internal import CollageFiles
internal import CollageLocking

/// `collage build --pages`: every usable photo, in order, laid into successive collages of
/// `--limit` photos (the grid's cells): `-o album.jpg` writes `album-0001.jpg`, `album-0002.jpg`,
/// … (`PageNames`). The last page takes the layout of its photo count, or with a fixed grid the
/// cells of a full page (`CollageStyle.pageCells`).
///
/// ```
/// files ─▶ read ahead (probe, shape, decode; Prefetcher) ─▶ unique or a better copy, page after page (PageFiller: PhotoRuleBook over SeenPhotos) ─▶ page
///   page ─▶ AsyncChannel (one page handed over at a time) ─▶ render ─▶ encode ─▶ atomic save
/// ```
/// The rules are `build`'s (`PhotoRuleBook`), held across the whole run: the shape rule, and the
/// duplicate rule against every photo taken on any page, through a fingerprint index
/// (`SeenPhotos`), so the check costs about the same for the 10,000th photo as for the tenth. A
/// better copy takes the place of its copy wherever that is: a full page is held until one more
/// file is decided (`PageFiller.window`), so a copy sorting just after it finds it not yet
/// drawn; a page made before its better copy came is made again with it after the last page.
///
/// Memory is flat in the photo count: the pixels held are the page being filled, the page held,
/// the page being drawn and saved, and the read-ahead (`Prefetcher`: a few photos, within
/// `--max-memory`); of every other photo only its name, size and fingerprint stay in memory, its
/// thumbnail in a nameless file (`ThumbnailFile`), read back when a later photo's fingerprint
/// makes it a candidate. Decoding the next page overlaps drawing and encoding the last: a page is
/// handed to the saver once it is full and its window closed, and filling the next one waits
/// only if the saver is still busy with the one before (a channel with no buffer).
///
/// Cancelled (SIGINT, SIGTERM), the page being saved leaves no temporary file and every page
/// before it is complete; the report says which page the run stopped before.
public struct PagedBuild: Sendable {
    public let options: CollageOptions

    /// With a fixed grid (`--grid 5x4`: proof sheets) every page keeps a full page's cells, the
    /// last one's too; with the book's grid every page is a full page's grid, so the last page's
    /// photos keep a full page's tiles, the space left spread evenly around them (as a strip
    /// closed early), never two photos stretched into half-page tiles.
    public init(options: CollageOptions) {
        var options = options
        let (grid, limit) = (options.layout.style.grid, options.layout.limit)
        switch grid {
        case .fixed: options.layout.style.pageCells = limit
        case .auto: options.layout.style.grid = .fixed(columns: grid.columns(for: limit), rows: grid.rows(for: limit))
        }
        self.options = options
    }

    /// Refuses a page file that is one of the photos read: a run never writes over its input.
    /// An earlier page of its own (a collage this tool wrote, refused as one among the photos)
    /// is replaced, as `build` replaces its collage.
    public static func check(_ inputs: [PhotoInputs.Item], names: PageNames, pages: Int) throws(BuildError) {
        let read = Set(inputs.compactMap { item -> FileKey? in
            guard case .file(let file) = item else { return nil }
            return FileIdentity.key(of: file.path)
        })
        for page in 1...max(1, pages) {
            let path = names.path(page: page)
            if let key = FileIdentity.key(of: path), read.contains(key) { throw .outputIsInput(path.description) }
        }
    }

    /// Decides every file, fills pages and saves each as it fills (on a dry run, only decides);
    /// `log` hears of each photo as it is decided and of each page as it lands.
    public func run(
        _ inputs: [PhotoInputs.Item], names: PageNames, as format: ImageFormat, dryRun: Bool = false,
        log: @escaping @Sendable (PipelineEvent) -> Void
    ) async -> PagesReport {
        let clock = ContinuousClock(), start = clock.now
        var run = Filling(report: PagesReport(canvas: options.layout.canvas, format: format, perPage: options.layout.limit, dryRun: dryRun),
                          names: names, log: log)
        run.report.given = inputs.count
        run.report.turnedPaper = options.turnedPaper
        let (reader, keep) = (PhotoLoader(limits: options.readLimits), keep)
        let prefetcher = Prefetcher(inputs, reader: reader, rules: options.rules(limit: nil), room: nil, depth: options.decoders,
                                    memory: options.readLimits.decode.maximumDecodeBytes, keep: keep)
        let saver = PageSaver(options: options, names: names, format: format, dryRun: dryRun, reader: reader, keep: keep, log: log)
        let (pages, failure, channel) = (Locked<[PagesReport.Page]>([]), run.failure, run.channel)
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await Self.save(channel, with: saver, into: pages, failure: failure) }
            // Thumbnails go to a nameless file: memory keeps ~40 bytes a photo taken, not 3 KB.
            let spilled = ThumbnailFile(beside: names.path(page: 1)) { log(.notice($0)) }
            var filler = PageFiller(perPage: options.layout.limit, rules: options.rules(limit: nil),
                                    seen: SeenPhotos(thumbnails: spilled.map { $0 as any ThumbnailStore } ?? ThumbnailsInMemory()))
            await run.fill(&filler, from: prefetcher)
            channel.finish()
            await group.waitForAll()
            // The files after an interruption were never decided.
            await prefetcher.cancel()
            run.report.pages = pages.withLock { $0 }
            if Task.isCancelled && failure.withLock({ $0 == nil }) { run.report.stoppedBefore = run.report.pages.count + 1 }
        }
        run.report.seconds = clock.now - start
        run.report.failure = failure.withLock { $0 }
        if run.report.failure == nil, run.report.stoppedBefore == nil, run.report.pages.isEmpty {
            run.report.failure = .noUsablePhoto(given: inputs.count)
        }
        return run.report
    }

    /// The size a photo is kept at, as the file at an index: it can land at places 0…index of the
    /// first page, and anywhere on a later one, exactly what a build planned for one page of
    /// `--limit` keeps (`.planned`).
    var keep: @Sendable (PixelSize, Int) -> PixelSize {
        let (plan, layout) = (KeptSizePlan.planned(count: options.layout.limit), options.layout)
        return { size, index in plan.keptSize(of: size, file: index, position: 0, in: layout) }
    }

    /// The saver's side: takes every page handed over, so a send never waits for a saver that is
    /// gone; after a failure, the pages still coming are dropped unsaved. A page made again
    /// takes the place of the one it was.
    private static func save(_ channel: AsyncChannel<PageFiller.Page>, with saver: PageSaver, into pages: Locked<[PagesReport.Page]>,
                             failure: Locked<BuildError?>) async {
        for await page in channel where failure.withLock({ $0 == nil }) {
            guard let page = await saver.decoded(page) else { continue }
            switch await saver.save(page) {
            case .success(let saved):
                pages.withLock { pages in
                    if let index = pages.firstIndex(where: { $0.number == saved.number }) { pages[index] = saved } else { pages.append(saved) }
                }
            case .failure(let error): failure.withLock { $0 = error }
            case nil: return  // cancelled: the page in flight left no file
            }
        }
    }
}

extension PagedBuild {
    /// The first stage's side: the steps read ahead, decided by the page filler, each event
    /// reported, each page handed over to the saver.
    struct Filling {
        var report: PagesReport
        let names: PageNames
        let log: @Sendable (PipelineEvent) -> Void
        let channel = AsyncChannel<PageFiller.Page>()
        let failure = Locked<BuildError?>(nil)

        mutating func fill(_ filler: inout PageFiller, from prefetcher: Prefetcher) async {
            let clock = ContinuousClock()
            while !Task.isCancelled, failure.withLock({ $0 == nil }), let step = await prefetcher.next(taken: filler.count) {
                // A file cut short by a stop was never decided.
                if Task.isCancelled { break }
                let checking = clock.now
                let events = filler.take(step)
                report.duplicateCheck += clock.now - checking
                for event in events { await apply(event) }
            }
            guard !Task.isCancelled, failure.withLock({ $0 == nil }) else { return }
            for event in filler.finish() { await apply(event) }
        }

        private mutating func apply(_ event: PageFiller.Event) async {
            switch event {
            case .added(let file, let photo, _, let count, let nearest):
                log(.added(file, photo, count: count, nearest: nearest))
            case .skipped(let file, let rejection, let size):
                report.skipped.append((file.path, rejection, size))
                log(.skipped(file, rejection, size: size))
            case .replaced(let kept, let size, let better, let place, let drawn):
                report.skipped.append((kept, .replacedBy(better.path), size))
                log(.skipped(PhotoFile(path: kept), .replacedBy(better.path), size: size))
                guard drawn else { return }
                let (page, made) = (names.path(page: place.page), report.dryRun ? "planned" : "made")
                log(.notice("\(better.path): a better copy of \(kept), which \(page) holds and was \(made) before it came: \(page) is \(made) again with it after the last page"))
            case .page(let page):
                await channel.send(page)
            }
        }
    }
}
