import CollageCanvas
import CollageImaging
import Testing

@Suite("Grids, strips, gaps and margins")
struct CollageStyleLayoutTests {
    func rect(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> PixelRect { PixelRect(x: x, y: y, width: w, height: h) }

    @Test("The book's style reproduces the book's tiles", arguments: 0...8)
    func bookStyleIsTheBook(count: Int) {
        for canvas in [PixelSize(width: 1800, height: 1200), PixelSize(width: 1001, height: 667), PixelSize(width: 7, height: 5)] {
            #expect(CollageLayout.tiles(count: count, canvas: canvas, style: .book) == CollageLayout.tiles(count: count, canvas: canvas))
        }
    }

    @Test func gapAndMarginAroundSixTiles() {
        // 1000 - 2*20 margin - 2*10 gaps = 940 across three: 313, 313, 314; 700 - 40 - 10 = 650 down two: 325 each.
        let style = CollageStyle(gap: 10, margin: 20)
        #expect(CollageLayout.tiles(count: 6, canvas: PixelSize(width: 1000, height: 700), style: style) == [
            rect(20, 20, 313, 325), rect(343, 20, 313, 325), rect(666, 20, 314, 325),
            rect(20, 355, 313, 325), rect(343, 355, 313, 325), rect(666, 355, 314, 325),
        ])
    }

    @Test func oddCountWidensTheLastRowBetweenGaps() {
        let style = CollageStyle(gap: 4, margin: 0)
        #expect(CollageLayout.tiles(count: 5, canvas: PixelSize(width: 100, height: 50), style: style) == [
            rect(0, 0, 30, 23), rect(34, 0, 31, 23), rect(69, 0, 31, 23),
            rect(0, 27, 48, 23), rect(52, 27, 48, 23),
        ])
    }

    @Test func filmStripOneByFour() {
        let style = CollageStyle(grid: .fixed(columns: 1, rows: 4), gap: 12, margin: 24)
        // 1200x3600 strip: 3600 - 48 - 36 = 3516 down four rows of 879.
        #expect(CollageLayout.tiles(count: 4, canvas: PixelSize(width: 1200, height: 3600), style: style) == [
            rect(24, 24, 1152, 879), rect(24, 915, 1152, 879), rect(24, 1806, 1152, 879), rect(24, 2697, 1152, 879),
        ])
    }

    @Test func stripFourByOne() {
        let style = CollageStyle(grid: .fixed(columns: 4, rows: 1))
        #expect(CollageLayout.tiles(count: 4, canvas: PixelSize(width: 402, height: 100), style: style) == [
            rect(0, 0, 100, 100), rect(100, 0, 101, 100), rect(201, 0, 100, 100), rect(301, 0, 101, 100),
        ])
    }

    /// A proof sheet's last page: the cells of a full page, filled in reading order, the logo
    /// still in the grid's last cell; every photo kept for the same tile.
    @Test func aPageKeepsAFullPagesCells() {
        var sheet = CollageStyle(grid: .fixed(columns: 3, rows: 2), gap: 10, margin: 5)
        sheet.pageCells = 6
        let canvas = PixelSize(width: 620, height: 415)
        let full = CollageLayout.tiles(count: 6, canvas: canvas, style: sheet)
        #expect(full == [
            rect(5, 5, 196, 197), rect(211, 5, 197, 197), rect(418, 5, 197, 197),
            rect(5, 212, 196, 198), rect(211, 212, 197, 198), rect(418, 212, 197, 198),
        ])
        for count in 1...6 {
            #expect(CollageLayout.tiles(count: count, canvas: canvas, style: sheet) == Array(full.prefix(count)))
        }
        // Without it, four photos of a 3x2 keep the full grid's cells too (the fourth centred below).
        var collage = sheet
        collage.pageCells = nil
        #expect(CollageLayout.tiles(count: 4, canvas: canvas, style: collage).map(\.width) == [196, 197, 197, 196])
        #expect(CollageLayout.keptSize(of: PixelSize(width: 1200, height: 900), at: 0, canvas: canvas, style: sheet, limit: 6)
                    == KeptSizePlan.size(of: PixelSize(width: 1200, height: 900), covering: [full[0]]))
        var logo = sheet
        logo.logo = true
        logo.pageCells = 5
        #expect(CollageLayout.tiles(count: 2, canvas: canvas, style: logo) == Array(full.prefix(2)))
        #expect(CollageLayout.logoTile(count: 2, canvas: canvas, style: logo) == full[5])
        // A page of more photos than a full page's (a limit above the cells) adds rows as before.
        #expect(CollageLayout.tiles(count: 7, canvas: canvas, style: sheet) == CollageLayout.tiles(count: 7, canvas: canvas, style: collage))
    }

    static let styles: [CollageStyle] = [
        .book, CollageStyle(gap: 7, margin: 3), CollageStyle(grid: .fixed(columns: 1, rows: 4), gap: 5, margin: 11),
        CollageStyle(grid: .fixed(columns: 4, rows: 1), gap: 2), CollageStyle(grid: .fixed(columns: 3, rows: 3), margin: 1),
        CollageStyle(grid: .fixed(columns: 2, rows: 5), gap: 9, margin: 9),
    ]

    @Test("Margins, gaps and tiles cover the canvas exactly", arguments: styles)
    func tilesGapsAndMarginsPartitionTheCanvas(style: CollageStyle) throws {
        for canvas in [PixelSize(width: 1001, height: 667), PixelSize(width: 240, height: 1003), PixelSize(width: 1800, height: 1200)] {
            try style.validate(canvas: canvas, limit: style.grid.defaultLimit)
            // Every cell filled: a grid not filled spreads its cells (FewerPhotosThanCellsTests).
            for count in 1...style.grid.defaultLimit where style.grid == .auto || count == style.grid.defaultLimit {
                let tiles = CollageLayout.tiles(count: count, canvas: canvas, style: style)
                #expect(tiles.count == count)
                let rows = Dictionary(grouping: tiles, by: \.y).sorted { $0.key < $1.key }.map(\.value)
                // Rows: the first starts at the margin, each next one a gap below, the last ends at the margin.
                #expect(rows.first?.first?.y == style.margin)
                #expect(rows.last.map { $0[0].y + $0[0].height } == canvas.height - style.margin)
                for (upper, lower) in zip(rows, rows.dropFirst()) { #expect(lower[0].y == upper[0].y + upper[0].height + style.gap) }
                for row in rows {
                    #expect(Set(row.map(\.height)).count == 1)
                    #expect(row.first?.x == style.margin)
                    #expect(row.last.map { $0.x + $0.width } == canvas.width - style.margin)
                    for (left, right) in zip(row, row.dropFirst()) { #expect(right.x == left.x + left.width + style.gap) }
                    let widths = row.map(\.width)
                    #expect(widths.max()! - widths.min()! <= 1 && widths.min()! > 0)
                }
                let heights = rows.map { $0[0].height }
                #expect(heights.max()! - heights.min()! <= 1 && heights.min()! > 0, "\(style) \(count) on \(canvas)")
            }
        }
    }

    @Test("The kept size is drawn by shrinking into every tile, and no larger than needed", arguments: styles)
    func keptSizeCoversEveryTile(style: CollageStyle) {
        let canvas = PixelSize(width: 1800, height: 1200)
        let photo = PixelSize(width: 4032, height: 3024)
        let limit = style.grid.defaultLimit
        for index in 0..<limit {
            let kept = CollageLayout.keptSize(of: photo, at: index, canvas: canvas, style: style)
            var needed = 0.0
            for count in (index + 1)...limit {
                let tile = CollageLayout.tiles(count: count, canvas: canvas, style: style)[index]
                let scale = max(Double(tile.width) / Double(kept.width), Double(tile.height) / Double(kept.height))
                #expect(scale <= 1, "\(style): photo \(index) of \(count): \(tile) from \(kept)")
                needed = max(needed, scale)
            }
            // One pixel less would enlarge some tile.
            let tight = needed * Double(kept.width) > Double(kept.width - 1) || needed * Double(kept.height) > Double(kept.height - 1)
            #expect(tight, "\(style): photo \(index) kept at \(kept)")
        }
    }

    @Test("A photo smaller than its tiles is kept as it is", arguments: styles)
    func keptSizeNeverEnlarges(style: CollageStyle) {
        let small = PixelSize(width: 120, height: 80)
        for index in 0..<style.grid.defaultLimit {
            #expect(CollageLayout.keptSize(of: small, at: index, canvas: PixelSize(width: 1800, height: 1200), style: style) == small)
        }
    }

    @Test func aLimitAboveTheCellsAddsRows() {
        let strip = CollageStyle(grid: .fixed(columns: 2, rows: 1))
        let canvas = PixelSize(width: 200, height: 100)
        #expect(CollageLayout.tiles(count: 4, canvas: canvas, style: strip).map(\.size) == Array(repeating: PixelSize(width: 100, height: 50), count: 4))
        // Alone in the 2x1, the first photo keeps a full cell (100x100), never the whole canvas.
        #expect(CollageLayout.keptSize(of: PixelSize(width: 400, height: 300), at: 0, canvas: canvas, style: strip, limit: 4)
                    == PixelSize(width: 134, height: 100))
    }

    @Test func tooMuchSpacingIsRefused() {
        let canvas = PixelSize(width: 100, height: 60)
        #expect(throws: StyleError.noRoom(axis: "wide", canvas: canvas, tiles: 3, gap: 40, margin: 10)) {
            try CollageStyle(gap: 40, margin: 10).validate(canvas: canvas, limit: 6)
        }
        // Up to four photos, two tiles across fit in 100 - 20 - 40 = 40 pixels; five and six need three.
        #expect(throws: Never.self) { try CollageStyle(gap: 40, margin: 10).validate(canvas: PixelSize(width: 100, height: 200), limit: 4) }
        #expect(throws: StyleError.noRoom(axis: "tall", canvas: canvas, tiles: 4, gap: 20, margin: 0)) {
            try CollageStyle(grid: .fixed(columns: 1, rows: 4), gap: 20).validate(canvas: canvas, limit: 4)
        }
        #expect(throws: StyleError.negativeSpacing) { try CollageStyle(gap: -1).validate(canvas: canvas, limit: 1) }
        #expect(StyleError.noRoom(axis: "wide", canvas: canvas, tiles: 3, gap: 40, margin: 10).description
                    == "a 100x60 collage is not wide enough for 3 tiles with a 40-pixel gap and a 10-pixel margin")
    }

    @Test("Grids parse", arguments: [
        ("auto", CollageGrid.auto), ("AUTO", .auto), ("1x4", .fixed(columns: 1, rows: 4)), ("4X1", .fixed(columns: 4, rows: 1)),
        ("3x2", .fixed(columns: 3, rows: 2)), ("64x64", .fixed(columns: 64, rows: 64)),
    ])
    func gridParses(text: String, grid: CollageGrid) throws {
        #expect(try CollageGrid(parsing: text) == grid)
    }

    @Test("Bad grids are refused", arguments: ["", "x", "3x", "x2", "3x2x1", "3*2", "+3x2", "-1x2", "3 x 2", "a", "٣x2"])
    func badGrid(text: String) {
        #expect(throws: StyleError.badGrid(text)) { try CollageGrid(parsing: text) }
    }

    @Test func gridOutOfRange() {
        #expect(throws: StyleError.gridOutOfRange("0x4")) { try CollageGrid(parsing: "0x4") }
        #expect(throws: StyleError.gridOutOfRange("65x1")) { try CollageGrid(parsing: "65x1") }
        #expect(CollageGrid.fixed(columns: 2, rows: 3).defaultLimit == 6)
        #expect(CollageGrid.auto.defaultLimit == 6)
    }
}
