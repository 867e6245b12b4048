import CollageCanvas
import CollageImaging
import Testing

/// A fixed grid that closes with fewer photos than cells (a booth's strip closed by its timeout
/// or `collage finish`, a 3x2 of five) keeps its full cells: each tile within 10 % of the full
/// grid's cell shape (here exactly it), the spare space spread evenly around the tiles shown.
@Suite("Fewer photos than cells: the full grid's cells, spread evenly")
struct FewerPhotosThanCellsTests {
    static func rect(_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> PixelRect { PixelRect(x: x, y: y, width: width, height: height) }

    /// The 2x6 in strip at 100 dpi (200x600), 1x4 with a 10-px gap and margin.
    static let strip = CollageStyle(grid: .fixed(columns: 1, rows: 4), gap: 10, margin: 10)
    static let stripCanvas = PixelSize(width: 200, height: 600)

    /// Cells of 137 or 138 px (550 px shared by four); the 443, 306 or 169 px left over shared
    /// by the 2, 3 or 4 spaces around the tiles.
    @Test(arguments: [(1, [rect(10, 232, 180, 137)]),
                      (2, [rect(10, 112, 180, 137), rect(10, 351, 180, 138)]),
                      (3, [rect(10, 52, 180, 137), rect(10, 232, 180, 138), rect(10, 411, 180, 137)])])
    func aStripClosedEarlyKeepsItsCellsSpreadEvenly(count: Int, expected: [PixelRect]) {
        let full = CollageLayout.tiles(count: 4, canvas: Self.stripCanvas, style: Self.strip)
        #expect(full.allSatisfy { $0.width == 180 && ($0.height == 137 || $0.height == 138) })
        #expect(CollageLayout.tiles(count: count, canvas: Self.stripCanvas, style: Self.strip) == expected)
    }

    /// Every tile of every count, in strips, sheets and grids: within 10 % of its full cell's shape.
    @Test(arguments: [(1, 4), (2, 6), (3, 2), (2, 2), (4, 1)])
    func everyTileKeepsItsFullCellsShape(columns: Int, rows: Int) {
        for canvas in [PixelSize(width: 600, height: 1800), PixelSize(width: 1800, height: 1200), PixelSize(width: 900, height: 300)] {
            let style = CollageStyle(grid: .fixed(columns: columns, rows: rows), gap: 8, margin: 4)
            let cell = CollageLayout.tiles(count: columns * rows, canvas: canvas, style: style)[0]
            let shape = Double(cell.width) / Double(cell.height)
            for count in 1..<(columns * rows) {
                for tile in CollageLayout.tiles(count: count, canvas: canvas, style: style) {
                    #expect(abs(Double(tile.width) / Double(tile.height) - shape) / shape < 0.1, "\(count) in \(columns)x\(rows) on \(canvas): \(tile)")
                    #expect(tile.x >= 0 && tile.y >= 0 && tile.x + tile.width <= canvas.width && tile.y + tile.height <= canvas.height)
                }
            }
        }
    }

    /// A 3x2 of five: the first row as in the full grid, the two of the second spread across;
    /// of one, a full cell in the middle.
    @Test func aThreeByTwoOfFiveOrOne() {
        let style = CollageStyle(grid: .fixed(columns: 3, rows: 2))
        let canvas = PixelSize(width: 300, height: 200)
        #expect(CollageLayout.tiles(count: 5, canvas: canvas, style: style) == [
            Self.rect(0, 0, 100, 100), Self.rect(100, 0, 100, 100), Self.rect(200, 0, 100, 100), Self.rect(33, 100, 100, 100), Self.rect(167, 100, 100, 100),
        ])
        #expect(CollageLayout.tiles(count: 1, canvas: canvas, style: style) == [Self.rect(100, 50, 100, 100)])
    }
}
