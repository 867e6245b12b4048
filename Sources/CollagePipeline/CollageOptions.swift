public import CollageJournal
public import CollageEvents
public import CollageCodecs
public import CollageCanvas
public import CollageCore
public import CollageImaging
internal import CollageSources
public import CollageWriting
internal import CollageSaving

/// Settings shared by every way of making a collage: its layout, how it is encoded, what is
/// read, and the app's rules.
public struct CollageOptions: Sendable {
    public static let defaultCanvas = PixelSize(width: 1800, height: 1200)

    /// The canvas, the look (the book's by default) and how many photos a collage takes.
    public var layout: Layout
    /// JPEG quality, the resolution recorded in the file, PNG compression.
    public var encoding: EncodeSettings
    public var readLimits: ReadLimits
    public var accept: AcceptedShape
    /// The duplicate rule's threshold on the `--similarity` scale (`Thumbnail.distance(to:)`).
    public var similarity: Double
    /// How many photos `build` reads and decodes at once: by default the processors it may run
    /// on (or `COLLAGE_DECODERS`). 1 reads one after another; the collage is the same, byte for byte.
    public var decoders: Int
    /// The background image, logo, frame and caption font, loaded (`DecorationFiles.load`).
    public var decorations: Decorations = .none
    /// The paper named alone (`--size A4`) when the tool laid it landscape, the way its grid
    /// fills more (`PaperOrientation.suited`): the reports say so.
    public var turnedPaper: String?
    /// The clock a caption's `{today}` reads (and its `{date}` when the first photo has none):
    /// the local time now; a test gives a day of its own.
    public var today: @Sendable () -> DateFields = DateFields.now

    public init(layout: Layout = Layout(canvas: defaultCanvas), encoding: EncodeSettings = EncodeSettings(),
                readLimits: ReadLimits = ReadLimits(), accept: AcceptedShape = .landscape,
                similarity: Double = Thumbnail.samePhotoThreshold, decoders: Int = Processors.decoders) {
        self.layout = layout
        self.encoding = encoding
        self.readLimits = readLimits
        self.accept = accept
        self.similarity = similarity
        self.decoders = decoders
    }

    /// The rules these settings decide photos by, for one collage of the layout's limit, or for
    /// pages of it (`limit: nil`: every page).
    public func rules(limit: Int?) -> PhotoRuleBook {
        PhotoRuleBook(accept: accept, similarity: similarity, limit: limit)
    }

    /// The chain these settings describe, reading real files: for `watch` (growing, a photo
    /// booth passing its journal) and `build` (planned).
    public func flow(plan: KeptSizePlan = .growing, journal: BoothJournal? = nil, copies: PhotoRuleBook.Copies = .keepBetter,
                     log: @escaping @Sendable (PipelineEvent) -> Void) -> CollageFlow {
        CollageFlow(reader: PhotoLoader(limits: readLimits, journal: journal), layout: layout, accept: accept, similarity: similarity,
                    plan: plan, copies: copies, log: log)
    }

    /// Reads the print's background, logo and frame and opens the caption's font, before any
    /// photo; returns the warnings worth a line (a frame stretched, characters no font draws).
    public mutating func decorate(with files: DecorationFiles) throws(DecorationError) -> [String] {
        let (decorations, warnings) = try files.load(canvas: layout.canvas, style: layout.style, limits: readLimits.decode,
                                                     maximumFileBytes: readLimits.maximumFileBytes)
        self.decorations = decorations
        return warnings
    }

    /// Where `watch` saves: rendered in this layout, encoded with these settings, journaled in a
    /// photo booth.
    public func sink(output: CollageOutput, format: ImageFormat, keepsImage: Bool = false, journal: BoothJournal? = nil) -> DiskSink {
        DiskSink(layout: layout, decorations: decorations, output: output, format: format, writer: CollageWriter(settings: encoding),
                 keepsImage: keepsImage, journal: journal, today: today)
    }
}
