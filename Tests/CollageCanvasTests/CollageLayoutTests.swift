import CollageCanvas
import CollageImaging
import Testing

@Suite("The book's grid, with the last row widened for odd counts")
struct CollageLayoutTests {
    let canvas = PixelSize(width: 1800, height: 1200)

    func rect(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> PixelRect { PixelRect(x: x, y: y, width: w, height: h) }

    @Test func onePhotoFillsTheCanvas() {
        #expect(CollageLayout.tiles(count: 1, canvas: canvas) == [rect(0, 0, 1800, 1200)])
    }

    @Test func twoPhotosShareOneRow() {
        #expect(CollageLayout.tiles(count: 2, canvas: canvas) == [rect(0, 0, 900, 1200), rect(900, 0, 900, 1200)])
    }

    @Test func threePhotosLeaveNoEmptySlot() {
        #expect(CollageLayout.tiles(count: 3, canvas: canvas) == [
            rect(0, 0, 900, 600), rect(900, 0, 900, 600),
            rect(0, 600, 1800, 600),
        ])
    }

    @Test func fourPhotosMakeTwoByTwo() {
        #expect(CollageLayout.tiles(count: 4, canvas: canvas) == [
            rect(0, 0, 900, 600), rect(900, 0, 900, 600),
            rect(0, 600, 900, 600), rect(900, 600, 900, 600),
        ])
    }

    @Test func fivePhotosWidenTheLastRow() {
        #expect(CollageLayout.tiles(count: 5, canvas: canvas) == [
            rect(0, 0, 600, 600), rect(600, 0, 600, 600), rect(1200, 0, 600, 600),
            rect(0, 600, 900, 600), rect(900, 600, 900, 600),
        ])
    }

    @Test func sixPhotosMakeThreeByTwo() {
        #expect(CollageLayout.tiles(count: 6, canvas: canvas) == [
            rect(0, 0, 600, 600), rect(600, 0, 600, 600), rect(1200, 0, 600, 600),
            rect(0, 600, 600, 600), rect(600, 600, 600, 600), rect(1200, 600, 600, 600),
        ])
    }

    /// Beyond the app's six (`--limit 7`): two rows, round(7 / 2) = 4 columns, and the last row
    /// holds the remaining three, wider.
    @Test func sevenPhotosFillTheLastRowWithWiderTiles() {
        let tiles = CollageLayout.tiles(count: 7, canvas: PixelSize(width: 1200, height: 600))
        #expect(tiles.prefix(4).map(\.width) == [300, 300, 300, 300])
        #expect(tiles.suffix(3) == [rect(0, 300, 400, 300), rect(400, 300, 400, 300), rect(800, 300, 400, 300)])
    }

    @Test func noPhotosNoTiles() {
        #expect(CollageLayout.tiles(count: 0, canvas: canvas).isEmpty)
    }

    @Test("Rows and columns follow UIImage+Collage, for any count (--limit)", arguments: [
        (1, 1, 1), (2, 1, 2), (3, 2, 2), (4, 2, 2), (5, 2, 3), (6, 2, 3), (7, 2, 4), (8, 2, 4), (9, 2, 5), (12, 2, 6), (13, 2, 7),
    ])
    func rowsAndColumns(count: Int, rows: Int, columns: Int) {
        #expect(CollageGrid.auto.rows(for: count) == rows)
        #expect(CollageGrid.auto.columns(for: count) == columns)
    }

    @Test("Tiles cover odd-sized canvases exactly, without overlap", arguments: 1...13)
    func tilesPartitionTheCanvas(count: Int) {
        for canvas in [PixelSize(width: 1001, height: 667), PixelSize(width: 7, height: 5), PixelSize(width: 1800, height: 800)] {
            var covered = [Int](repeating: 0, count: canvas.area)
            for tile in CollageLayout.tiles(count: count, canvas: canvas) {
                #expect(tile.width > 0 && tile.height > 0)
                for y in tile.y..<(tile.y + tile.height) {
                    for x in tile.x..<(tile.x + tile.width) { covered[y * canvas.width + x] += 1 }
                }
            }
            #expect(covered.allSatisfy { $0 == 1 }, "canvas \(canvas), \(count) tiles")
        }
    }

    @Test func keptSizeCoversEveryTileThePhotoCanGet() {
        let photo = PixelSize(width: 4032, height: 3024)
        for index in 0..<6 {
            let kept = CollageLayout.keptSize(of: photo, at: index, canvas: canvas)
            for count in (index + 1)...6 {
                let tile = CollageLayout.tiles(count: count, canvas: canvas)[index]
                let scale = max(Double(tile.width) / Double(kept.width), Double(tile.height) / Double(kept.height))
                #expect(scale <= 1, "photo \(index) in \(count): \(tile) from \(kept)")
            }
        }
        // The first photo fills the 1800x1200 canvas alone; the sixth never gets more than 900x600.
        #expect(CollageLayout.keptSize(of: photo, at: 0, canvas: canvas) == PixelSize(width: 1800, height: 1350))
        #expect(CollageLayout.keptSize(of: photo, at: 5, canvas: canvas) == PixelSize(width: 800, height: 600))
    }

    @Test func keptSizeNeverEnlarges() {
        let small = PixelSize(width: 320, height: 200)
        #expect(CollageLayout.keptSize(of: small, at: 0, canvas: canvas) == small)
        #expect(CollageLayout.keptSize(of: PixelSize(width: 40, height: 30), at: 5, canvas: PixelSize(width: 30, height: 20)) == PixelSize(width: 40, height: 30))
    }

    /// However small the collage, the duplicate check area-averages at least 2:1 into its thumbnail.
    @Test func keptSizeNeverFallsBelowTwiceTheThumbnail() {
        let photo = PixelSize(width: 4032, height: 3024)
        #expect(CollageLayout.keptSize(of: photo, at: 5, canvas: PixelSize(width: 60, height: 40)) == PixelSize(width: 128, height: 96))
        #expect(CollageLayout.keptSize(of: PixelSize(width: 1600, height: 900), at: 5, canvas: PixelSize(width: 60, height: 40)) == PixelSize(width: 171, height: 96))
    }
}
