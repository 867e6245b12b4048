import CollageCanvas
import CollageCore
import CollageImaging
import Testing

/// A proof sheet's cells take the photos' shape (`CollageStyle.cellShape`), not the paper's: a
/// 5x4 A4 page of 3:2 photos had 496x803 slivers; now each photo box is 3:2, its label's strip
/// under it, and the grid is centred with the spare paper around it.
@Suite("Cells shaped for the photos")
struct ShapedCellsTests {
    static let label = TileLabel(template: try! CaptionTemplate(parsing: "{n}. {name}", forLabel: true))

    @Test(arguments: [(PixelSize(width: 2480, height: 3508), 5, 4), (PixelSize(width: 3508, height: 2480), 5, 4),
                      (PixelSize(width: 1200, height: 1800), 2, 3)])
    func eachPhotoBoxHasTheShapeAndTheGridIsCentred(canvas: PixelSize, columns: Int, rows: Int) {
        var style = CollageStyle(grid: .fixed(columns: columns, rows: rows), gap: 24, fit: .contain, cellShape: 1.5, label: Self.label)
        style.pageCells = columns * rows
        let cells = CollageLayout.tiles(count: columns * rows, canvas: canvas, style: style)
        for cell in cells {
            let box = Self.label.split(cell).photo
            #expect(abs(Double(box.width) / Double(box.height) - 1.5) / 1.5 < 0.03, "\(box)")
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

    @Test func withoutAShapeTheCellsShareTheCanvas() {
        let style = CollageStyle(grid: .fixed(columns: 5, rows: 4), label: Self.label)
        let cells = CollageLayout.tiles(count: 20, canvas: PixelSize(width: 2480, height: 3508), style: style)
        #expect(cells[0] == PixelRect(x: 0, y: 0, width: 496, height: 877))
    }
}
