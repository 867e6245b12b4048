public import CollageCodecs
public import CollageCore

/// Where throttled selections end up: rendered and written to disk by `DiskSink`; kept in
/// memory by the pipeline tests.
public protocol CollageSink: Sendable {
    /// Saves `selection` as collage number `batch` (always 1 outside photo-booth mode).
    func save(_ selection: Selection, batch: Int) -> Single<SavedCollage>
}

/// Renders a selection and saves it through `CollageWriter`: the app's `PhotoWriter.save`.
public struct DiskSink: CollageSink {
    public let canvas: PixelSize
    public let style: CollageStyle
    public let output: CollageOutput
    public let format: ImageFormat
    public let writer: CollageWriter
    /// Whether each save carries its pixels, for a preview.
    public let keepsImage: Bool

    public init(canvas: PixelSize, style: CollageStyle = .book, output: CollageOutput, format: ImageFormat, writer: CollageWriter,
                keepsImage: Bool = false) {
        self.canvas = canvas
        self.style = style
        self.output = output
        self.format = format
        self.writer = writer
        self.keepsImage = keepsImage
    }

    public func save(_ selection: Selection, batch: Int) -> Single<SavedCollage> {
        let (canvas, style, writer, path, format, keepsImage) = (canvas, style, writer, output.path(forBatch: batch), format, keepsImage)
        return Single {
            let collage = try await Blocking.run { CollageRenderer.render(selection.photos, canvas: canvas, style: style).image }
            var saved = try await writer.save(collage, to: .file(path), as: format).value
            if keepsImage { saved.image = collage }
            return saved
        }
    }
}
