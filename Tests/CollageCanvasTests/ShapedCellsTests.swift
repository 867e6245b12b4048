import CollageCanvas
import CollageCore
import CollageImaging
import Testing

/// A proof sheet's cells take the photos' shape (`CollageStyle.cellShapes`), not the paper's: a
/// 5x4 A4 page of 3:2 photos had 496x803 slivers; now each photo box is between a phone's 4:3
/// and a camera's 3:2, whichever fills the paper most, its label's strip under it, and the grid
/// is centred with the spare paper around it.
@Suite("Cells shaped for the photos")
struct ShapedCellsTests {
    static let label = TileLabel(template: try! CaptionTemplate(parsing: "{n}. {name}", forLabel: true))

    @Test(arguments: [(PixelSize(width: 2480, height: 3508), 5, 4), (PixelSize(width: 3508, height: 2480), 5, 4),
                      (PixelSize(width: 1200, height: 1800), 2, 3)])
    func eachPhotoBoxHasTheShapeAndTheGridIsCentred(canvas: PixelSize, columns: Int, rows: Int) {
        var style = CollageStyle(grid: .fixed(columns: columns, rows: rows), gap: 24, fit: .contain, cellShapes: CollageStyle.photoShapes,
                                 label: Self.label)
        style.pageCells = columns * rows
        let cells = CollageLayout.tiles(count: columns * rows, canvas: canvas, style: style)
        let shapes = (CollageStyle.photoShapes.lowerBound * 0.97)...(CollageStyle.photoShapes.upperBound * 1.03)
        for cell in cells {
            let box = Self.label.split(cell).photo
            #expect(shapes.contains(Double(box.width) / Double(box.height)), "\(box)")
            #expect(cell.x >= 0 && cell.y >= 0 && cell.x + cell.width <= canvas.width && cell.y + cell.height <= canvas.height)
        }
        // Gaps kept between cells, and the block centred on the paper (within a pixel).
        #expect(cells[1].x - (cells[0].x + cells[0].width) == 24)
        let left = cells[0].x, right = canvas.width - (cells[columns - 1].x + cells[columns - 1].width)
        let top = cells[0].y, bottom = canvas.height - (cells.last!.y + cells.last!.height)
        #expect(abs(left - right) <= 1 + columns && abs(top - bottom) <= 1 + rows, "\(left) \(right) \(top) \(bottom)")
        // One side of the paper is used whole: the boxes are as large as the paper allows.
        #expect(min(left, top) <= 1 + max(columns, rows))
    }

    /// Where a shape in the range fills the paper, the grid takes it and fills the paper whole;
    /// where none does, the nearest one, and one side of the paper is used whole.
    @Test func theBoxTakesTheShapeThatFillsThePaperMost() {
        var style = CollageStyle(grid: .fixed(columns: 3, rows: 5), gap: 24, fit: .contain, cellShapes: CollageStyle.photoShapes, label: Self.label)
        style.pageCells = 15
        let canvas = PixelSize(width: 2480, height: 3508)
        let cells = CollageLayout.tiles(count: 15, canvas: canvas, style: style)
        // 3x5 on an upright A4: boxes of 1.34, inside the range: the paper is filled to its margins (within a pixel a cell).
        #expect(cells[0].x <= 24 + 3 && cells[0].y <= 24 + 5, "\(cells[0])")
        let box = Self.label.split(cells[0]).photo
        #expect(abs(Double(box.width) / Double(box.height) - 1.342) < 0.01, "\(box)")
        style.grid = .fixed(columns: 5, rows: 4)
        style.pageCells = 20
        // 5x4 on an upright A4: the tallest box, 4:3, across the whole width.
        let tall = CollageLayout.tiles(count: 20, canvas: canvas, style: style)
        let tallBox = Self.label.split(tall[0]).photo
        #expect(tall[0].x <= 24 + 5 && abs(Double(tallBox.width) / Double(tallBox.height) - 4.0 / 3) < 0.02, "\(tallBox)")
        // 2x5 on a landscape A4 is wide: the widest box, 3:2, down the whole height.
        style.grid = .fixed(columns: 2, rows: 5)
        style.pageCells = 10
        let wide = CollageLayout.tiles(count: 10, canvas: canvas.transposed, style: style)
        let wideBox = Self.label.split(wide[0]).photo
        #expect(wide[0].y <= 24 + 5 && abs(Double(wideBox.width) / Double(wideBox.height) - 1.5) < 0.02, "\(wideBox)")
    }

    @Test func withoutAShapeTheCellsShareTheCanvas() {
        let style = CollageStyle(grid: .fixed(columns: 5, rows: 4), label: Self.label)
        let cells = CollageLayout.tiles(count: 20, canvas: PixelSize(width: 2480, height: 3508), style: style)
        #expect(cells[0] == PixelRect(x: 0, y: 0, width: 496, height: 877))
    }
}
