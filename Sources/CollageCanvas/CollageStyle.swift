public import CollageImaging
/// How a collage looks beyond its size: the grid, the space between and around tiles, the colour
/// that shows there, and where each tile crops its photo. `.book` is Combinestagram's look: the
/// book's grid, no gap, no margin, white, centre crops.
public struct CollageStyle: Hashable, Sendable {
    public var grid: CollageGrid
    /// Pixels between neighbouring tiles, across and down.
    public var gap: Int
    /// Pixels between the canvas edge and the outer tiles, on all four sides.
    public var margin: Int
    /// What shows in the gaps and margins.
    public var background: RGB
    public var crop: CropStrategy
    /// Whether a photo fills its tile (cropped) or shows whole in it (`--fit`).
    public var fit: TileFit
    /// Lines of text in a band at the top or bottom; the tiles share the rest.
    public var caption: CaptionStyle?
    /// Whether a logo takes the grid's last cell (after the photos).
    public var logo: Bool
    /// Copies of the collage on the canvas; nil for one collage filling it.
    public var sheet: SheetLayout?
    /// A line of text in a strip of every tile's cell (`--label`): the photo takes the rest.
    public var label: TileLabel?
    /// The photos of a full page, when every page keeps its cells (`build --pages` with a fixed
    /// grid: proof sheets): a page of fewer photos (the last) is laid out as a full one, its
    /// photos in the first cells in reading order, the other cells left as background, as
    /// `montage` pages. nil: a collage takes the layout of its photo count (the book's rule).
    public var pageCells: Int?
    /// The shapes (width / height) each cell's photo box may take, when the cells take the
    /// photos' shape rather than the canvas's (proof sheets: a 5x4 A4 page gets boxes between a
    /// phone's 4:3 and a camera's 3:2, whichever fills the paper most, the grid centred with the
    /// spare paper around it); nil: the cells share the canvas.
    public var cellShapes: ClosedRange<Double>?

    /// The shapes photos are taken in: from a phone's 4:3 to a camera's 3:2.
    public static let photoShapes = (4.0 / 3)...1.5

    public init(grid: CollageGrid = .auto, gap: Int = 0, margin: Int = 0, background: RGB = .white, crop: CropStrategy = .centre,
                fit: TileFit = .cover, cellShapes: ClosedRange<Double>? = nil, caption: CaptionStyle? = nil, logo: Bool = false,
                sheet: SheetLayout? = nil, label: TileLabel? = nil) {
        self.fit = fit
        self.cellShapes = cellShapes
        self.grid = grid
        self.gap = gap
        self.margin = margin
        self.background = background
        self.crop = crop
        self.caption = caption
        self.logo = logo
        self.sheet = sheet
        self.label = label
    }

    /// The photos a collage takes when no `--limit` is given: the grid's, less the logo's cell.
    public var defaultLimit: Int { max(1, grid.defaultLimit - (logo ? 1 : 0)) }

    /// The grid cells `photos` photos take: one more with a logo; a full page's with `pageCells`.
    public func cells(for photos: Int) -> Int { max(photos, pageCells ?? 0) + (logo ? 1 : 0) }

    public static let book = CollageStyle()

    /// Checks that every count up to `limit` gets tiles at least one pixel across on `canvas`:
    /// gaps and margins are exact, so too many of them leave no room. The widest and tallest
    /// demands come from the most columns and the most rows any count makes.
    public func validate(canvas: PixelSize, limit: Int) throws(StyleError) {
        guard gap >= 0, margin >= 0 else { throw .negativeSpacing }
        guard limit >= 1 else { return }
        let columns = (1...limit).map { grid.columns(for: cells(for: $0)) }.max() ?? 1
        let rows = (1...limit).map { grid.rows(for: cells(for: $0)) }.max() ?? 1
        let area = CollageLayout.tileArea(canvas: canvas, style: self).size
        if room(area.width, for: columns) < columns {
            throw .noRoom(axis: "wide", canvas: canvas, tiles: columns, gap: gap, margin: margin)
        }
        if room(area.height, for: rows) < rows {
            throw .noRoom(axis: "tall", canvas: canvas, tiles: rows, gap: gap, margin: margin)
        }
    }

    /// What is left of `length` for `tiles` tiles side by side once margins and gaps are taken.
    func room(_ length: Int, for tiles: Int) -> Int {
        length - 2 * margin - (tiles - 1) * gap
    }
}
