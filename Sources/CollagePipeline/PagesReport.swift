public import CollageEvents
internal import CollageCodecs
public import CollageCore
public import CollageImaging

/// What `build --pages` made: the pages in order, each with its photos, and what was skipped.
/// Holds no pixels: a run of any length keeps a few numbers per photo.
public struct PagesReport: Sendable {
    /// One photo on a page.
    public struct Tile: Sendable {
        public let path: PathName
        /// Its number among the photos used in the run, from 1 (a label's `{n}`).
        public let number: Int
        /// Its size as displayed.
        public let size: PixelSize
        public let fingerprint: Fingerprint
        /// Where it is drawn on the page, and the part of the photo shown (its own pixels).
        public let tile: PixelRect
        public let crop: PixelRect
    }

    public struct Page: Sendable {
        /// From 1.
        public let number: Int
        /// The page's file.
        public let path: PathName
        public let tiles: [Tile]
        /// Once written; nil on a dry run, or when it was not (see `failure`, `stoppedBefore`).
        public var saved: SavedCollage?
    }

    public let canvas: PixelSize
    /// The paper named alone (`A4`) when it was laid landscape, the way the grid fills more.
    public var turnedPaper: String?
    public let format: ImageFormat
    /// Photos per page: `--limit`, or the grid's.
    public let perPage: Int
    public let dryRun: Bool
    public var given = 0
    public var pages: [Page] = []
    /// Files not used, in order, and why.
    public var skipped: [(path: PathName, rejection: Rejection, size: PixelSize?)] = []
    /// A page could not be written: the run stopped there.
    public var failure: BuildError?
    /// Interrupted: the first page not written. The pages before it are complete; it and any
    /// later page were not written, and no temporary file is left.
    public var stoppedBefore: Int?
    /// Wall time of the whole run, and of the duplicate rule's part of it (the fingerprint
    /// index's look-ups and the thumbnails compared): the check must stay a small share however
    /// many photos are taken.
    public var seconds: Duration = .zero
    public var duplicateCheck: Duration = .zero

    public init(canvas: PixelSize, format: ImageFormat, perPage: Int, dryRun: Bool) {
        self.canvas = canvas
        self.format = format
        self.perPage = perPage
        self.dryRun = dryRun
    }

    public var used: Int { pages.reduce(0) { $0 + $1.tiles.count } }
    public var written: [Page] { pages.filter { $0.saved != nil } }
}
