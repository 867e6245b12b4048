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
/// files ─▶ read ahead (probe, decode; PrefetchingReader) ─▶ shape, unique or a better copy (PhotoRuleBook over SeenPhotos) ─▶ page
///   page ─▶ AsyncChannel (one page handed over at a time) ─▶ render ─▶ encode ─▶ atomic save
/// ```
/// The rules are `build`'s (`PhotoRuleBook`), held across the whole run: the shape rule, and the
/// duplicate rule against every photo taken on any page (a better copy takes the place of one on
/// the page being filled; one already handed to the saver keeps its place), through a fingerprint index (`SeenPhotos`), so the check costs about
/// the same for the 10,000th photo as for the tenth.
///
/// Memory is flat in the photo count: the pixels held are the page being filled, the page being
/// drawn and saved, and the read-ahead (`PrefetchingReader`: a few photos, within
/// `--max-memory`); of every other photo only its name, size and fingerprint stay in memory, its
/// thumbnail in a nameless file (`ThumbnailFile`), read back when a later photo's fingerprint
/// makes it a candidate. Decoding the next page overlaps drawing and encoding the last: a page is
/// handed to the saver as soon as it is full, and filling the next one waits only if the saver
/// is still busy with the one before (a channel with no buffer).
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
    public static func check(_ inputs: [PhotoInputs.Item], names: PageNames, pages: Int) throws(BuildError) {
        let read = Set(inputs.compactMap { FileIdentity.key(of: $0.file.path) })
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
        let perPage = options.layout.limit
        var report = PagesReport(canvas: options.layout.canvas, format: format, perPage: perPage, dryRun: dryRun)
        report.given = inputs.count
        let clock = ContinuousClock(), start = clock.now
        // The read-ahead's room is every file: no page ever stops the run from taking photos.
        var readLayout = options.layout
        readLayout.limit = max(1, inputs.count)
        // The file at place i can land at places 0…i of the first page, and anywhere on a later
        // one: exactly what a build planned for one page of `perPage` keeps (`.planned`).
        let flow = CollageFlow(reader: PhotoLoader(limits: options.readLimits), layout: readLayout, accept: options.accept,
                               similarity: options.similarity, plan: .planned(count: perPage), log: log)
        let reader = PrefetchingReader(inputs, flow: flow, depth: options.decoders, memory: options.readLimits.decode.maximumDecodeBytes)
        let rules = options.rules(limit: nil)
        let saver = PageSaver(options: options, names: names, format: format, dryRun: dryRun, reader: flow.reader, log: log)
        let channel = AsyncChannel<PageSaver.Job>()
        let pages = Locked<[PagesReport.Page]>([])
        let failure = Locked<BuildError?>(nil)

        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                // Takes every page handed over, so a send never waits for a saver that is gone;
                // after a failure, the pages still coming are dropped unsaved.
                for await job in channel where failure.withLock({ $0 == nil }) {
                    switch await saver.save(job) {
                    case .success(let page): pages.withLock { $0.append(page) }
                    case .failure(let error): failure.withLock { $0 = error }
                    case nil: return  // cancelled: the page in flight left no file
                    }
                }
            }
            // Thumbnails go to a nameless file: memory keeps ~40 bytes a photo taken, not 3 KB.
            let spilled = ThumbnailFile(beside: names.path(page: 1)) { log(.notice($0)) }
            var seen = SeenPhotos(thumbnails: spilled.map { $0 as any ThumbnailStore } ?? ThumbnailsInMemory())
            var page: [Photo] = []
            var number = 1, used = 0
            for (index, item) in inputs.enumerated() {
                if Task.isCancelled || failure.withLock({ $0 != nil }) { break }
                switch await Self.read(item.file, at: index, reader: reader, flow: flow) {
                case .failure(let skip):
                    report.skipped.append((item.file.path, skip.rejection, skip.size))
                    log(.skipped(item.file, skip.rejection, size: skip.size))
                case .success(let photo):
                    let checking = clock.now
                    let resemblances = seen.resemblances(of: photo)
                    // A photo on a page already handed to the saver keeps its place.
                    let verdict = rules.decide(photo, resemblances: resemblances, taken: used) { name in page.contains { $0.name == name } }
                    report.duplicateCheck += clock.now - checking
                    switch verdict {
                    case .skip(let rejection):
                        report.skipped.append((item.file.path, rejection, photo.size))
                        log(.skipped(item.file, rejection, size: photo.size))
                        continue
                    case .replace(let kept, let nearest):
                        seen.replace(kept.name, with: photo)
                        page[page.firstIndex { $0.name == kept.name }!] = photo
                        log(.added(item.file, photo, count: page.count, nearest: nearest))
                        report.skipped.append((kept.name, .replacedBy(item.file.path), kept.size))
                        log(.skipped(PhotoFile(path: kept.name), .replacedBy(item.file.path), size: kept.size))
                    case .use(let nearest):
                        seen.insert(photo)
                        page.append(photo)
                        used += 1
                        log(.added(item.file, photo, count: page.count, nearest: nearest))
                    }
                    if page.count == perPage {
                        await channel.send(PageSaver.Job(number: number, firstNumber: used - page.count + 1, photos: page))
                        (page, number) = ([], number + 1)
                    }
                }
            }
            if !page.isEmpty && !Task.isCancelled && failure.withLock({ $0 == nil }) {
                await channel.send(PageSaver.Job(number: number, firstNumber: used - page.count + 1, photos: page))
            }
            page = []
            channel.finish()
            await group.waitForAll()
            // The files after an interruption were never decided.
            await reader.cancel()
            report.pages = pages.withLock { $0 }
            if Task.isCancelled && failure.withLock({ $0 == nil }) { report.stoppedBefore = report.pages.count + 1 }
        }
        report.seconds = clock.now - start
        report.failure = failure.withLock { $0 }
        if report.failure == nil, report.stoppedBefore == nil, report.pages.isEmpty {
            report.failure = .noUsablePhoto(given: inputs.count)
        }
        return report
    }

    /// A file through the rules before the duplicate check: its header (the read-ahead's),
    /// the shape rule, its decode at the size kept for any place on a page.
    private static func read(_ file: PhotoFile, at index: Int, reader: PrefetchingReader, flow: CollageFlow) async -> Result<Photo, Skip> {
        switch await reader.probe(file) {
        case .failure(let rejection): return .failure(Skip(rejection: rejection, size: nil))
        case .success(let probed):
            if let rejection = flow.rules.shape(probed.size) {
                return .failure(Skip(rejection: rejection, size: probed.size))
            }
            return await probed.decode(keeping: flow.keptSize(of: probed.size, file: index, position: 0))
                .mapError { Skip(rejection: $0, size: probed.size) }
        }
    }

    struct Skip: Error {
        let rejection: Rejection
        let size: PixelSize?
    }
}
