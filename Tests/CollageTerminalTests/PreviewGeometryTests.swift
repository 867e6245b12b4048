import CollageCore
import CollageImaging
import Testing
import CollageTerminal

@Suite("Fitting a preview into the terminal")
struct PreviewGeometryTests {
    private let collage = PixelSize(width: 1800, height: 1200)

    @Test("Pixels unknown: cells taken as 1:2; a tall terminal is filled in width, the aspect kept")
    func widthLimited() throws {
        let fit = try #require(PreviewGeometry.fit(collage, into: TerminalSize(columns: 80, rows: 50)))
        #expect(fit == PreviewGeometry(columns: 80, rows: 27, cell: PreviewGeometry.assumedCell))  // 80 x 26.7
        #expect(fit.halfBlockPixelSize == PixelSize(width: 80, height: 54))
    }

    @Test("A short terminal limits the height, leaving one row free; the width follows the aspect")
    func heightLimited() throws {
        let fit = try #require(PreviewGeometry.fit(collage, into: TerminalSize(columns: 80, rows: 24)))
        #expect(fit == PreviewGeometry(columns: 69, rows: 23, cell: PreviewGeometry.assumedCell))
        #expect(fit.pixelSize == PixelSize(width: 690, height: 460))
        #expect(fit.sixelPixelSize == PixelSize(width: 690, height: 456))  // whole bands of six
    }

    @Test("The kernel's pixel size gives the real cell; the terminal's own answer wins over it")
    func reportedCells() throws {
        let kernel = TerminalSize(columns: 100, rows: 40, pixelWidth: 900, pixelHeight: 800)  // 9x20 cells
        #expect(PreviewGeometry.fit(collage, into: kernel) == PreviewGeometry(columns: 100, rows: 30, cell: PixelSize(width: 9, height: 20)))
        let answered = PreviewGeometry.fit(collage, into: TerminalSize(columns: 80, rows: 24), cellSize: PixelSize(width: 8, height: 16))
        #expect(answered == PreviewGeometry(columns: 69, rows: 23, cell: PixelSize(width: 8, height: 16)))
    }

    @Test("maxRows leaves room for status lines; a small image is scaled up to the width")
    func limits() {
        #expect(PreviewGeometry.fit(collage, into: TerminalSize(columns: 80, rows: 50), maxRows: 10)
                == PreviewGeometry(columns: 30, rows: 10, cell: PreviewGeometry.assumedCell))
        #expect(PreviewGeometry.fit(PixelSize(width: 4, height: 2), into: TerminalSize(columns: 80, rows: 24))
                == PreviewGeometry(columns: 80, rows: 20, cell: PreviewGeometry.assumedCell))
    }

    @Test("A terminal's largest graphic bounds the cell box: xterm shows nothing of a sixel wider than 1000 px")
    func maxPixels() {
        let xterm = TerminalSize(columns: 130, rows: 40, pixelWidth: 1304, pixelHeight: 804)  // 10x20 cells
        #expect(PreviewGeometry.fit(collage, into: xterm, maxPixels: PixelSize(width: 1000, height: 800))
                == PreviewGeometry(columns: 100, rows: 33, cell: PixelSize(width: 10, height: 20)))
        #expect(PreviewGeometry.fit(collage, into: xterm)?.columns == 117)
    }

    @Test("No room, no preview")
    func noRoom() {
        #expect(PreviewGeometry.fit(collage, into: TerminalSize(columns: 80, rows: 1)) == nil)
        #expect(PreviewGeometry.fit(collage, into: TerminalSize(columns: 0, rows: 24)) == nil)
        #expect(PreviewGeometry.fit(collage, into: TerminalSize(columns: 80, rows: 24), maxRows: 0) == nil)
        #expect(PreviewGeometry.fit(PixelSize(width: 0, height: 0), into: TerminalSize(columns: 80, rows: 24)) == nil)
    }

    @Test("A very wide image still gets a row")
    func sliver() {
        #expect(PreviewGeometry.fit(PixelSize(width: 4000, height: 10), into: TerminalSize(columns: 80, rows: 24))?.rows == 1)
    }
}
