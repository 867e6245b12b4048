public import CollageImaging
/// The grid of the book's `UIImage.collage(images:size:)`: one row below three photos, two rows
/// from three on, columns = round(count / rows). Where the book left an empty slot for an odd
/// count, the last row here holds fewer, wider tiles, so every collage can be saved.
/// A `CollageStyle` may fix the grid instead and put gaps and margins around the tiles.
public enum CollageLayout {
    /// The most photos `--limit` allows: beyond it tiles become too small to be photos.
    public static let maximumLimit = 100

    /// The tile of each photo in the book's look (no gap, no margin).
    public static func tiles(count: Int, canvas: PixelSize) -> [PixelRect] {
        tiles(count: count, canvas: canvas, style: .book)
    }

    /// The tile of each photo, in order, left to right and top to bottom. Edges fall on whole
    /// pixels; the margins, the gaps and the tiles cover the canvas exactly, whatever its size:
    /// gaps and margins are exact, the tiles share what is left, differing by at most a pixel.
    /// Run `style.validate` first: on a canvas too small for the spacing, tiles come out empty.
    public static func tiles(count: Int, canvas: PixelSize, style: CollageStyle) -> [PixelRect] {
        (0..<max(0, count)).map { tile($0, of: count, canvas: canvas, style: style) }
    }

    /// The `index`-th of `count` tiles alone: what `keptSize` asks for every count up to the limit.
    /// With a logo the grid lays out one cell more than there are photos; the logo's is the last.
    static func tile(_ index: Int, of count: Int, canvas: PixelSize, style: CollageStyle) -> PixelRect {
        place(index, of: style.cells(for: count), area: tileArea(canvas: canvas, style: style), style: style)
    }

    /// Cell `index` of `cells`. A fixed grid not filled (a strip closed early, a 3x2 of five)
    /// keeps its full cells' size and shape, so no photo gets a tile far from the shape it was
    /// planned for; the rows left empty and the cells missing from a short row become space
    /// spread evenly around the ones shown. A proof sheet's page (`pageCells`) keeps its places.
    private static func place(_ index: Int, of cells: Int, area: PixelRect, style: CollageStyle) -> PixelRect {
        guard style.pageCells == nil, case .fixed(let columns, let rows) = style.grid, cells < columns * rows, cells > 0 else {
            return cell(index, of: cells, area: area, style: style)
        }
        let full = cell(index, of: columns * rows, area: area, style: style)
        let size = cell(0, of: columns * rows, area: area, style: style)
        let usedRows = (cells + columns - 1) / columns
        let (row, column) = (index / columns, index % columns)
        let inRow = row == usedRows - 1 ? cells - columns * (usedRows - 1) : columns
        func spread(_ length: Int, _ count: Int, _ side: Int, _ at: Int) -> Int {
            let space = Double(length - 2 * style.margin - count * side) / Double(count + 1)
            return style.margin + Int((space * Double(at + 1)).rounded()) + at * side
        }
        let y = usedRows == rows ? full.y : area.y + spread(area.height, usedRows, size.height, row)
        let x = inRow == columns ? full.x : area.x + spread(area.width, inRow, size.width, column)
        return PixelRect(x: x, y: y, width: full.width, height: full.height)
    }

    private static func cell(_ index: Int, of count: Int, area: PixelRect, style: CollageStyle) -> PixelRect {
        let rows = style.grid.rows(for: count)
        let columns = style.grid.columns(for: count)
        let (row, column) = (index / columns, index % columns)
        let inRow = row == rows - 1 ? count - columns * (rows - 1) : columns
        let height = max(0, style.room(area.height, for: rows))
        let width = max(0, style.room(area.width, for: inRow))
        let (gap, margin) = (style.gap, style.margin)
        let top = margin + row * gap + row * height / rows
        let bottom = margin + row * gap + (row + 1) * height / rows
        let left = margin + column * gap + column * width / inRow
        let right = margin + column * gap + (column + 1) * width / inRow
        return PixelRect(x: area.x + left, y: area.y + top, width: right - left, height: bottom - top)
    }

    /// The logo's cell when `count` photos are shown: the grid's last; nil without a logo.
    public static func logoTile(count: Int, canvas: PixelSize, style: CollageStyle) -> PixelRect? {
        guard style.logo else { return nil }
        let cells = style.cells(for: count)
        return place(cells - 1, of: cells, area: tileArea(canvas: canvas, style: style), style: style)
    }

    /// The size of one collage: the canvas, or one copy's share of a sheet.
    public static func collageSize(canvas: PixelSize, style: CollageStyle) -> PixelSize {
        style.sheet?.cell(of: canvas) ?? canvas
    }

    /// The caption's band at the top or bottom of the collage, inside its margins (where a frame
    /// leaves room); nil without a caption.
    public static func captionBand(canvas: PixelSize, style: CollageStyle) -> PixelRect? {
        guard let caption = style.caption else { return nil }
        let size = collageSize(canvas: canvas, style: style), margin = style.margin
        let height = min(max(0, size.height - 2 * margin), max(1, Int((Double(size.height) * caption.bandFraction).rounded())))
        return PixelRect(x: margin, y: caption.position == .top ? margin : size.height - margin - height,
                         width: max(0, size.width - 2 * margin), height: height)
    }

    /// Where the grid goes: the collage less the caption's band and the margin beside it. The
    /// grid's own margins apply inside it, so a margin also separates the tiles from the band.
    /// With `style.cellShapes`, the grid of a full page shrinks to cells of one of those shapes
    /// (the label's strip added), centred.
    public static func tileArea(canvas: PixelSize, style: CollageStyle) -> PixelRect {
        let size = collageSize(canvas: canvas, style: style)
        var area = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        if let band = captionBand(canvas: canvas, style: style) {
            let taken = band.height + style.margin
            area = PixelRect(x: 0, y: style.caption?.position == .top ? taken : 0, width: size.width, height: max(0, size.height - taken))
        }
        guard let shapes = style.cellShapes, shapes.lowerBound > 0, case .fixed(let columns, let rows) = style.grid else { return area }
        return shaped(area, columns: columns, rows: rows, shapes: shapes, style: style)
    }

    /// `area` shrunk, across or down, so that each of `columns` x `rows` cells holds a photo box
    /// and its label's strip, centred in `area`: the box takes the shape in `shapes` that fills
    /// the area most (the one that fills it whole, when one does).
    static func shaped(_ area: PixelRect, columns: Int, rows: Int, shapes: ClosedRange<Double>, style: CollageStyle) -> PixelRect {
        let cellWidth = Double(style.room(area.width, for: columns)) / Double(columns)
        let cellHeight = Double(style.room(area.height, for: rows)) / Double(rows)
        guard cellWidth > 0, cellHeight > 0 else { return area }
        // The strip is a share of the cell's height, at most one of its width (`TileLabel`).
        let strip = style.label == nil ? 0 : min(cellHeight * TileLabel.stripFraction, cellWidth * TileLabel.stripWidthFraction)
        let shape = min(shapes.upperBound, max(shapes.lowerBound, cellWidth / (cellHeight - strip)))
        func height(forWidth width: Double) -> Double {
            guard style.label != nil else { return width / shape }
            let box = width / shape
            return min(box / (1 - TileLabel.stripFraction), box + width * TileLabel.stripWidthFraction)
        }
        var (width, height) = (cellWidth, height(forWidth: cellWidth))
        if height > cellHeight {
            width *= cellHeight / height
            height = cellHeight
        }
        let blockWidth = Int((width * Double(columns)).rounded(.down)) + (columns - 1) * style.gap + 2 * style.margin
        let blockHeight = Int((height * Double(rows)).rounded(.down)) + (rows - 1) * style.gap + 2 * style.margin
        let (w, h) = (min(area.width, blockWidth), min(area.height, blockHeight))
        return PixelRect(x: area.x + (area.width - w) / 2, y: area.y + (area.height - h) / 2, width: w, height: h)
    }

    /// The size at which to keep the `index`-th accepted photo (0-based) so that every tile it
    /// can get, as more photos join (up to `limit`, by default the style's), is drawn by
    /// shrinking, never by enlarging: the photo is decoded once and each later collage re-lays it
    /// out from this copy. Crop windows have the tile's aspect and fill it, wherever the crop
    /// strategy places them, so the tile's size alone decides (`KeptSizePlan.size(of:covering:)`,
    /// which also keeps it within the photo and at least twice the thumbnail).
    public static func keptSize(
        of photo: PixelSize, at index: Int, canvas: PixelSize, style: CollageStyle = .book, limit: Int? = nil
    ) -> PixelSize {
        let limit = limit ?? style.defaultLimit
        let tiles = ((index + 1)...max(index + 1, limit)).lazy.map { tile(index, of: $0, canvas: canvas, style: style) }
        return KeptSizePlan.size(of: photo, covering: tiles)
    }
}
