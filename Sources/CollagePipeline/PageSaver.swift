internal import CollageEvents
internal import CollageCodecs
internal import CollageCanvas
internal import CollageCore
internal import CollageImaging
internal import CollageWriting
internal import CollageSaving
internal import CollageFiles

/// `build --pages`' second stage: draws a full page handed over by the first, encodes it and
/// saves it atomically, while the first decodes the next page's photos. A page of fewer photos
/// than the limit (the last) has larger tiles with the book's grid: its photos are decoded again
/// at the size they need (`CollageBuild.fitted`), as a build's are; a fixed grid keeps its cells.
struct PageSaver: Sendable {
    let options: CollageOptions
    let names: PageNames
    let format: ImageFormat
    let dryRun: Bool
    let reader: any PhotoReader
    /// The size a photo of a displayed size is kept at, as the file at an index: a page drawn
    /// again reads its photos again at the sizes they were first kept at.
    let keep: @Sendable (PixelSize, Int) -> PixelSize
    let log: @Sendable (PipelineEvent) -> Void

    /// `page` with its photos decoded: a page drawn again (`again`) reads them again. Nil, with a
    /// line, when one of them cannot be read again (changed or gone meanwhile): the page stays as
    /// it was drawn, and a run of the same command puts the better copy in.
    func decoded(_ page: PageFiller.Page) async -> PageFiller.Page? {
        guard let entries = page.again else { return page }
        var decoded = page
        for entry in entries {
            let photo: Result<Photo, Rejection> = switch await reader.probe(PhotoFile(path: entry.name)) {
            case .success(let probed) where probed.size == entry.size: await probed.decode(keeping: keep(entry.size, entry.index))
            case .success: .failure(.unusable(.unreadable, detail: "changed meanwhile"))
            case .failure(let rejection): .failure(rejection)
            }
            switch photo {
            case .success(let photo):
                decoded.photos.append(photo)
            case .failure(let rejection):
                log(.notice("cannot make \(names.path(page: page.number)) again: \(entry.name): \(rejection); it stays as it was (run the same command again)"))
                return nil
            }
        }
        return decoded
    }

    /// The page as drawn and written; nil when the run was cancelled meanwhile (no file left).
    func save(_ job: PageFiller.Page) async -> Result<PagesReport.Page, BuildError>? {
        let layout = options.layout
        let path = names.path(page: job.number)
        let photos = job.photos.count < layout.limit && !dryRun
            ? await CollageBuild.fitted(job.photos, reader: reader, layout: layout) : job.photos
        func page(_ placements: [TilePlacement], saved: SavedCollage?) -> PagesReport.Page {
            let tiles = zip(photos, placements).enumerated().map { index, pair in
                PagesReport.Tile(path: pair.0.name, number: job.firstNumber + index, size: pair.0.size,
                                 fingerprint: pair.0.fingerprint, tile: pair.1.tile, crop: pair.1.crop)
            }
            return PagesReport.Page(number: job.number, path: path, tiles: tiles, saved: saved)
        }
        guard !dryRun else {
            return .success(page(CollageRenderer.placements(of: photos, canvas: layout.canvas, style: layout.style), saved: nil))
        }
        // The one render-and-save path `build` and `watch` share.
        let saver = CollageSaver(layout: layout, decorations: options.decorations, format: format, writer: CollageWriter(settings: options.encoding),
                                 today: options.today)
        do {
            let rendered: RenderedCollage
            do { rendered = try await saver.render(photos, batch: job.number, firstNumber: job.firstNumber) } catch {
                log(.saveFailed(.file(path), error: error.description, photos: photos.count, batch: job.number, next: .never))
                return .failure(.render(error))
            }
            if Task.isCancelled { return nil }
            let saved = try await saver.save(rendered.image, to: .file(path))
            log(.saved(saved, photos: photos.count, batch: job.number, complete: true))
            return .success(page(rendered.tiles, saved: saved))
        } catch is CancellationError {
            return nil
        } catch {
            let failure = (error as? WriteError) ?? .file(FileError(path: path, action: "write", reason: String(describing: error)))
            log(.saveFailed(.file(path), error: failure.description, photos: photos.count, batch: job.number, next: .never))
            return .failure(.write(failure))
        }
    }
}
