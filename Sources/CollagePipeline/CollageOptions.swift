public import CollageCodecs
public import CollageCore
public import CollageImaging
public import CollageSources
public import CollageWriting

/// Settings shared by every way of making a collage: its size and look, how it is encoded,
/// what is read, and the app's rules.
public struct CollageOptions: Sendable {
    public static let defaultCanvas = PixelSize(width: 1800, height: 1200)

    public var canvas: PixelSize
    /// The grid, gaps, margins, background and crops: the book's look by default.
    public var style: CollageStyle
    /// JPEG quality, the resolution recorded in the file, PNG compression.
    public var encoding: EncodeSettings
    public var limits: DecodeLimits
    public var maximumFileBytes: Int
    /// The book's takeWhile: how many photos a collage takes.
    public var limit: Int
    public var accept: AcceptedShape
    /// The duplicate rule's threshold on the `--similarity` scale (`Thumbnail.distance(to:)`).
    public var similarity: Double
    /// How many photos `build` reads and decodes at once: by default the processors it may run
    /// on (or `COLLAGE_DECODERS`). 1 reads one after another; the collage is the same, byte for byte.
    public var decoders: Int
    /// The background image, logo, frame and caption font, loaded (`DecorationFiles.load`).
    public var decorations: Decorations = .none

    public init(canvas: PixelSize = defaultCanvas, style: CollageStyle = .book, encoding: EncodeSettings = EncodeSettings(),
                limits: DecodeLimits = DecodeLimits(), maximumFileBytes: Int = InputFile.defaultMaximumBytes,
                limit: Int = CollageLayout.maximumPhotos, accept: AcceptedShape = .landscape,
                similarity: Double = Thumbnail.samePhotoThreshold, decoders: Int = Processors.decoders) {
        self.canvas = canvas
        self.style = style
        self.encoding = encoding
        self.limits = limits
        self.maximumFileBytes = maximumFileBytes
        self.limit = limit
        self.accept = accept
        self.similarity = similarity
        self.decoders = decoders
    }

    /// The chain these settings describe, reading real files; a photo booth passes its journal.
    public func flow(journal: BoothJournal? = nil, log: @escaping @Sendable (PipelineEvent) -> Void) -> CollageFlow {
        CollageFlow(reader: PhotoLoader(limits: limits, maximumFileBytes: maximumFileBytes, journal: journal), canvas: canvas,
                    limit: limit, accept: accept, similarity: similarity, style: style, log: log)
    }

    /// Where `watch` saves: rendered in this style, encoded with these settings, journaled in a
    /// photo booth.
    public func sink(output: CollageOutput, format: ImageFormat, keepsImage: Bool = false, journal: BoothJournal? = nil) -> DiskSink {
        DiskSink(canvas: canvas, style: style, decorations: decorations, output: output, format: format, writer: CollageWriter(settings: encoding),
                 keepsImage: keepsImage, journal: journal)
    }
}
