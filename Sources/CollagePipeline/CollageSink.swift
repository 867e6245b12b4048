public import CollageCodecs
public import CollageCore
public import CollageImaging
internal import CollageSources
public import CollageWriting

/// Where throttled selections end up: rendered and written to disk by `DiskSink`; kept in
/// memory by the pipeline tests.
public protocol CollageSink: Sendable {
    /// Saves `selection` as collage number `batch` (always 1 outside photo-booth mode).
    func save(_ selection: Selection, batch: Int) -> Single<SavedCollage>
    /// Where collage number `batch` goes, for reports.
    func destination(forBatch batch: Int) -> CollageDestination
}

/// Renders a selection and saves it through `CollageWriter`: the app's `PhotoWriter.save`. In
/// photo-booth mode the journal is replaced after each collage, once the collage is on disk; a
/// journal that cannot be written fails the save (`WriteError.journal`), so it is saved again.
public struct DiskSink: CollageSink {
    public let canvas: PixelSize
    public let style: CollageStyle
    public let decorations: Decorations
    public let output: CollageOutput
    public let format: ImageFormat
    public let writer: CollageWriter
    /// Whether each save carries its pixels, for a preview.
    public let keepsImage: Bool
    /// A photo booth's journal, written after each save.
    public let journal: BoothJournal?

    public init(canvas: PixelSize, style: CollageStyle = .book, decorations: Decorations = .none, output: CollageOutput, format: ImageFormat, writer: CollageWriter,
                keepsImage: Bool = false, journal: BoothJournal? = nil) {
        self.canvas = canvas
        self.style = style
        self.decorations = decorations
        self.output = output
        self.format = format
        self.writer = writer
        self.keepsImage = keepsImage
        self.journal = journal
    }

    public func save(_ selection: Selection, batch: Int) -> Single<SavedCollage> {
        let (canvas, style, decorations, writer, path, format, keepsImage, journal) =
            (canvas, style, decorations, writer, output.path(forBatch: batch), format, keepsImage, journal)
        return Single {
            let collage = try await Blocking.run {
                try CollageRenderer.render(selection.photos, canvas: canvas, style: style, decorations: decorations, batch: batch).image
            }
            var saved = try await writer.save(collage, to: .file(path), as: format).value
            if let journal {
                let written = saved
                do {
                    try await Blocking.run {
                        try journal.record(batch: batch, photos: selection.photos, complete: selection.isFull, saved: written)
                    }
                } catch let error as FileError {
                    throw WriteError.journal(error, saved: path)
                }
            }
            if keepsImage { saved.image = collage }
            return saved
        }
    }

    public func destination(forBatch batch: Int) -> CollageDestination { .file(output.path(forBatch: batch)) }
}
