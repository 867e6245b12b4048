public import CollageEvents
public import CollageCanvas
internal import CollageCodecs
public import CollageCore
public import CollageImaging
internal import CollageWriting
public import CollageSaving

/// Draws photos as collage number `batch` and writes it: the one render-and-save path of `build`
/// (one collage, to a file or standard output) and `watch` (`DiskSink`: every save, through a
/// booth's journal). Drawing runs off the cooperative pool.
public struct CollageSaver: Sendable {
    /// The canvas and style it is drawn in.
    public let layout: Layout
    /// The background image, logo, frame and caption drawn with the tiles.
    public let decorations: Decorations
    public let format: ImageFormat
    public let writer: CollageWriter
    /// The clock a caption's `{today}` reads, once a collage.
    public let today: @Sendable () -> DateFields

    public init(layout: Layout, decorations: Decorations = .none, format: ImageFormat, writer: CollageWriter,
                today: @escaping @Sendable () -> DateFields = DateFields.now) {
        self.today = today
        self.layout = layout
        self.decorations = decorations
        self.format = format
        self.writer = writer
    }

    /// Draws the collage with its tiles; what fails here (a caption the fonts cannot draw) is a
    /// `RenderError`, never a write error. `firstNumber` is the run's number of the first photo
    /// (a page's labels count on from the pages before). Tiles `previous` drew are copied from it;
    /// with `keepingTiles`, the result carries its own for the next collage.
    public func render(_ photos: [Photo], batch: Int, firstNumber: Int = 1, reusing previous: DrawnTiles? = nil,
                       keepingTiles: Bool = false) async throws(RenderError) -> RenderedCollage {
        let (layout, decorations, today) = (layout, decorations, today())
        do {
            return try await Blocking.run {
                try CollageRenderer.render(photos, canvas: layout.canvas, style: layout.style, decorations: decorations, batch: batch,
                                           firstNumber: firstNumber, today: today, reusing: previous, keepingTiles: keepingTiles)
            }
        } catch {
            throw RenderError(reason: String(describing: error))
        }
    }

    /// Writes `collage` to `destination` (atomically, for a file); `record` goes into its signed
    /// mark (a booth's collage lists its photos there); `beforeReplacing` is given its content
    /// before it replaces what was there (a booth's journal records its intent).
    public func save(_ collage: RGBImage, to destination: CollageDestination, record: CollageMark.Record = CollageMark.Record(),
                     beforeReplacing: (@Sendable (ContentHash) throws -> Void)? = nil) async throws -> SavedCollage {
        try await writer.save(collage, to: destination, as: format, record: record, beforeReplacing: beforeReplacing).value
    }
}

/// Why a collage could not be drawn: the caption's text, once shaped, failed in the fonts.
public struct RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    public let reason: String

    public init(reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
