internal import CollageCore
public import CollageImaging

/// Where a preview goes: how many cells it covers and how many pixels each cell is taken to be.
/// The rows are what a redraw in place must move back up over.
public struct PreviewGeometry: Sendable, Hashable, CustomStringConvertible {
    public let columns: Int
    public let rows: Int
    /// One cell in pixels: as reported, or `assumedCell` when nothing reports it.
    public let cell: PixelSize

    /// A cell twice as tall as wide, the shape of nearly every terminal font, scaled to a
    /// typical size: used when neither the kernel nor the terminal reports pixels.
    public static let assumedCell = PixelSize(width: 10, height: 20)

    public init(columns: Int, rows: Int, cell: PixelSize) {
        self.columns = columns
        self.rows = rows
        self.cell = cell
    }

    /// Fits `image` into the terminal: as wide as it allows, the image's aspect kept, at most
    /// `maxRows` rows high (default: all rows but one, so a preview never scrolls itself off the
    /// top, where it could not be redrawn in place). `cellSize` is what the terminal answered,
    /// if it did; else the kernel's pixel size; else `assumedCell`. `maxPixels` bounds the cell
    /// box, for a terminal that shows no larger graphics. Nil when nothing fits.
    public static func fit(
        _ image: PixelSize, into terminal: TerminalSize, cellSize: PixelSize? = nil, maxRows: Int? = nil,
        maxPixels: PixelSize? = nil
    ) -> PreviewGeometry? {
        let cell = [cellSize, terminal.cellSize].compactMap { $0 }.first { $0.width > 0 && $0.height > 0 } ?? assumedCell
        var rowLimit = min(maxRows ?? (terminal.rows - 1), terminal.rows)
        var columnLimit = terminal.columns
        if let maxPixels {
            rowLimit = min(rowLimit, maxPixels.height / cell.height)
            columnLimit = min(columnLimit, maxPixels.width / cell.width)
        }
        guard image.width > 0, image.height > 0, columnLimit > 0, rowLimit > 0 else { return nil }
        let (cellWidth, cellHeight) = (Double(cell.width), Double(cell.height))
        let scale = min(Double(columnLimit) * cellWidth / Double(image.width),
                        Double(rowLimit) * cellHeight / Double(image.height))
        let columns = Int((Double(image.width) * scale / cellWidth).rounded())
        let rows = Int((Double(image.height) * scale / cellHeight).rounded())
        return PreviewGeometry(columns: min(max(1, columns), columnLimit), rows: min(max(1, rows), rowLimit), cell: cell)
    }

    /// The pixels a graphics protocol is sent: the whole cell box, so kitty needs no scaling
    /// and the image lines up with the text grid.
    public var pixelSize: PixelSize { PixelSize(width: columns * cell.width, height: rows * cell.height) }

    /// For sixel, the height rounded down to whole bands of six pixels: a partial last band
    /// makes some terminals count a whole band, pushing the cursor a line further down.
    public var sixelPixelSize: PixelSize {
        let height = rows * cell.height
        return PixelSize(width: columns * cell.width, height: height >= 6 ? height / 6 * 6 : height)
    }

    /// For half blocks: one pixel per column, two per row (the upper and lower half of `▀`).
    public var halfBlockPixelSize: PixelSize { PixelSize(width: columns, height: rows * 2) }

    public var description: String { "\(columns)x\(rows) cells of \(cell)" }
}
