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

    public init(grid: CollageGrid = .auto, gap: Int = 0, margin: Int = 0, background: RGB = .white, crop: CropStrategy = .centre) {
        self.grid = grid
        self.gap = gap
        self.margin = margin
        self.background = background
        self.crop = crop
    }

    public static let book = CollageStyle()

    /// Checks that every count up to `limit` gets tiles at least one pixel across on `canvas`:
    /// gaps and margins are exact, so too many of them leave no room. The widest and tallest
    /// demands come from the most columns and the most rows any count makes.
    public func validate(canvas: PixelSize, limit: Int) throws(StyleError) {
        guard gap >= 0, margin >= 0 else { throw .negativeSpacing }
        guard limit >= 1 else { return }
        let columns = (1...limit).map { grid.columns(for: $0) }.max() ?? 1
        let rows = (1...limit).map { grid.rows(for: $0) }.max() ?? 1
        if room(canvas.width, for: columns) < columns {
            throw .noRoom(axis: "wide", canvas: canvas, tiles: columns, gap: gap, margin: margin)
        }
        if room(canvas.height, for: rows) < rows {
            throw .noRoom(axis: "tall", canvas: canvas, tiles: rows, gap: gap, margin: margin)
        }
    }

    /// What is left of `length` for `tiles` tiles side by side once margins and gaps are taken.
    func room(_ length: Int, for tiles: Int) -> Int {
        length - 2 * margin - (tiles - 1) * gap
    }
}
