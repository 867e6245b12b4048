public import CollageEvents
internal import CollageCodecs
internal import CollageCanvas
public import CollageCore
internal import CollageImaging
public import CollageSources
internal import CollageWriting
internal import CollageSaving
internal import CollageFiles

/// `collage build`: the photos given, in order, through the same chain as `watch`, unthrottled:
/// the source is the argument list, and only the final selection is rendered and saved. The
/// files are known up front, so each photo is kept at the size of the collage planned for them
/// (`KeptSizePlan.planned`) and read ahead of the chain, several at once (`Prefetcher`).
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
        var report = BuildReport(inputs: [], canvas: options.layout.canvas, format: format, destination: destination, dryRun: dryRun)
        report.turnedPaper = options.turnedPaper
        let clock = ContinuousClock()
        var start = clock.now

        let flow = options.flow(plan: .planned(count: min(options.layout.limit, inputs.count)), log: log)
        let decisions = Decision.settled(
            await Self.decisions(inputs, flow: flow, depth: options.decoders, memory: options.readLimits.decode.maximumDecodeBytes))
        let final = decisions.last?.selection ?? Selection(limit: options.layout.limit)
        // Fewer photos than planned have larger tiles: those kept too small are decoded again.
        let photos = dryRun ? final.photos : await Self.fitted(final.photos, reader: flow.reader, layout: options.layout)
        report.timings.select = clock.now - start
        // Drawn once: the report's tiles are the ones drawn. Only a dry run (nothing to draw)
        // computes them alone.
        // Drawn and written as `watch` does (`DiskSink`): one collage, number 1, no journal.
        let saver = CollageSaver(layout: options.layout, decorations: options.decorations, format: format,
                                 writer: CollageWriter(settings: options.encoding), today: options.today)
        var rendered: RenderedCollage?
        if !dryRun && !photos.isEmpty {
            start = clock.now
            do throws(RenderError) {
                rendered = try await saver.render(photos, batch: 1)
            } catch {
                report.failure = .render(error)
            }
            report.timings.render = clock.now - start
        }
        let placements = rendered?.tiles ?? CollageRenderer.placements(of: photos, canvas: options.layout.canvas, style: options.layout.style)
        report.inputs = Self.inputs(decisions, drawn: photos, at: placements)
        guard !final.photos.isEmpty else {
            report.failure = .noUsablePhoto(given: inputs.count)
            return report
        }
        guard let collage = rendered?.image else { return report }

        do {
            start = clock.now
            report.saved = try await saver.save(collage, to: destination)
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
