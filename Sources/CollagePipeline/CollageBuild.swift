public import CollageCodecs
internal import CollageCore
internal import CollageImaging
public import CollageSources
internal import AsyncAlgorithms
internal import CollageLocking
public import CollageWriting

/// `collage build`: the photos given, in order, through the same chain as `watch`, unthrottled:
/// the source is the argument list, and only the final selection is rendered and saved. The
/// files are known up front, so each photo is kept at the size of the collage planned for them
/// (`KeptSizePlan.planned`) and read ahead of the chain, several at once (`PrefetchingReader`).
public struct CollageBuild: Sendable {
    public let options: CollageOptions

    public init(options: CollageOptions) {
        self.options = options
    }

    /// Refuses an output that is one of the photos named (a folder's listing leaves it out).
    public static func check(_ inputs: [PhotoInputs.Item], against destination: CollageDestination) throws(BuildError) {
        guard let output = destination.path else { return }
        for case .file(let file) in inputs where FileIdentity.same(file.path, output) {
            throw .outputIsInput(output.description)
        }
    }

    /// Decides, renders and saves; `log` hears of each photo as it is decided. With `dryRun`
    /// the selection and layout are decided and nothing is drawn or written; with `keepingImage`
    /// the report's `saved` carries the pixels, for a preview.
    public func run(
        _ inputs: [PhotoInputs.Item], to destination: CollageDestination, as format: ImageFormat, dryRun: Bool = false,
        keepingImage: Bool = false, log: @escaping @Sendable (PipelineEvent) -> Void
    ) async -> BuildReport {
        let files = inputs.map { item in
            switch item {
            case .file(let file), .unusable(let file, _): return file
            }
        }
        let known = Dictionary(inputs.compactMap { item -> (PhotoFile, Rejection)? in
            if case .unusable(let file, let rejection) = item { return (file, rejection) }
            return nil
        }, uniquingKeysWith: { first, _ in first })
        var report = BuildReport(inputs: [], canvas: options.canvas, format: format, destination: destination, dryRun: dryRun)
        let clock = ContinuousClock()
        var start = clock.now

        let outcomes = Outcomes()
        let reader = KnownFailures(known: known, reader: PhotoLoader(limits: options.limits, maximumFileBytes: options.maximumFileBytes))
        let chain = CollageFlow(reader: reader, canvas: options.canvas, limit: options.limit, accept: options.accept,
                                similarity: options.similarity, style: options.style,
                                plan: .planned(count: min(options.limit, files.count))) { event in
            outcomes.record(event)
            log(event)
        }
        let (flow, prefetcher) = chain.readingAhead(files, depth: options.decoders)
        var final = Selection(limit: options.limit)
        for await selection in flow.selections(from: files.async) { final = selection }
        await prefetcher.cancel()
        // Fewer photos than planned have larger tiles: those kept too small are decoded again.
        let photos = dryRun ? final.photos : await Self.fitted(final.photos, reader: reader, canvas: options.canvas, style: flow.style)
        // takeWhile ended the chain when the collage was full: the rest were never read.
        let decided = outcomes.all
        for file in files.dropFirst(decided.count) {
            let event = PipelineEvent.skipped(file, .overLimit(final.limit), size: nil)
            log(event)
            outcomes.record(event)
        }
        report.timings.select = clock.now - start
        // Drawn once: the report's tiles are the ones drawn. Only a dry run (nothing to draw)
        // computes them alone.
        let (canvas, style, encoding, decorations) = (options.canvas, options.style, options.encoding, options.decorations)
        var rendered: RenderedCollage?
        if !dryRun && !photos.isEmpty {
            start = clock.now
            do {
                rendered = try await Blocking.run {
                    try CollageRenderer.render(photos, canvas: canvas, style: style, decorations: decorations, batch: 1)
                }
            } catch {
                report.failure = .write(.file(FileError(path: destination.path ?? "-", action: "write", reason: String(describing: error))))
            }
            report.timings.render = clock.now - start
        }
        let placements = rendered?.tiles ?? CollageRenderer.placements(of: photos, canvas: canvas, style: style)
        var index = 0
        report.inputs = zip(files, outcomes.all).map { file, outcome in
            switch outcome {
            case .used:
                defer { index += 1 }
                let placement = placements[index]
                return BuildReport.Input(file: file, outcome: .used(
                    BuildReport.UsedPhoto(index: index, photo: photos[index], tile: placement.tile, crop: placement.crop)))
            case .skipped(let rejection, let size):
                return BuildReport.Input(file: file, outcome: .skipped(rejection, size: size))
            }
        }
        guard !final.photos.isEmpty else {
            report.failure = .noUsablePhoto(given: files.count)
            return report
        }
        guard let collage = rendered?.image else { return report }

        do {
            start = clock.now
            report.saved = try await CollageWriter(settings: encoding).save(collage, to: destination, as: format).value
            report.timings.save = clock.now - start
            if keepingImage { report.saved?.image = collage }
        } catch let error as WriteError {
            report.failure = .write(error)
        } catch {
            report.failure = .write(.file(FileError(path: destination.path ?? "-", action: "write", reason: String(describing: error))))
        }
        return report
    }
}

/// The decision on each file, in the order the chain made them (one per file).
private final class Outcomes: Sendable {
    enum Outcome {
        /// Taken: the next of the selection's photos.
        case used
        case skipped(Rejection, size: PixelSize?)
    }

    private let list = Locked<[Outcome]>([])

    func record(_ event: PipelineEvent) {
        switch event {
        case .added: list.withLock { $0.append(.used) }
        case .skipped(_, let rejection, let size): list.withLock { $0.append(.skipped(rejection, size: size)) }
        case .saved, .saveFailed, .notice: break
        }
    }

    var all: [Outcome] { list.withLock { $0 } }
}

/// Files already known to be unusable (a folder that cannot be listed) fail at the probe, in
/// their place in the order; every other file is read.
private struct KnownFailures: PhotoReader {
    let known: [PhotoFile: Rejection]
    let reader: any PhotoReader

    func probe(_ file: PhotoFile) async -> Result<ProbedPhoto, Rejection> {
        if let rejection = known[file] { return .failure(rejection) }
        return await reader.probe(file)
    }
}
