import CollageCanvas
import CollageCore
import CollageImaging
import Testing

/// A proof sheet fills its paper: a paper named alone lies the way its grid fills more
/// (`PaperOrientation.suited`), and the cells (each photo's box and its label's strip) cover at
/// least 85 % of the paper inside its margins, on the README's recipe (`--pages --grid 5x4
/// --size A4 --label …`: a landscape sheet), on an upright sheet (a 4x7 grid keeps A4 upright),
/// and on 2x6 in strips (`--size 4x6in --grid 1x4 --repeat 2x1 --label …`). By value, with the
/// layout the renderer draws.
@Suite("A proof sheet fills its paper")
struct ProofSheetPaperTests {
    static let label = TileLabel(template: try! CaptionTemplate(parsing: "{n}. {name}", forLabel: true))
    static let a4 = try! PrintSize(parsing: "A4")  // 2480x3508 at 300 dpi, upright as named

    /// A proof sheet's style on `paper` (its defaults with `--label`: `ProofSheetDefaultsTests`),
    /// with a page's cells.
    func proof(_ columns: Int, _ rows: Int, on paper: PixelSize, sheet: SheetLayout? = nil) -> CollageStyle {
        var style = CollageStyle(canvas: paper, grid: .fixed(columns: columns, rows: rows), gap: nil, margin: nil, crop: .centre, fit: nil,
                                 caption: nil, logo: false, sheet: sheet, label: Self.label)
        style.pageCells = columns * rows
        return style
    }

    /// The share of one collage's area inside its margins that its cells (boxes and strips) cover.
    func coverage(_ style: CollageStyle, on paper: PixelSize) -> Double {
        let size = CollageLayout.collageSize(canvas: paper, style: style)
        let cells = CollageLayout.tiles(count: style.pageCells ?? 0, canvas: paper, style: style)
        let inside = Double((size.width - 2 * style.margin) * (size.height - 2 * style.margin))
        return Double(cells.reduce(0) { $0 + $1.width * $1.height }) / inside
    }

    @Test func theReadmesFiveByFourSheetLiesLandscapeAndIsCovered() {
        let style = proof(5, 4, on: Self.a4.pixels)
        #expect(PaperOrientation.suited(canvas: Self.a4.pixels, style: style, count: 20, photoShape: 1.5) == .landscape)
        let landscape = Self.a4.laid(.landscape).pixels
        #expect(landscape == PixelSize(width: 3508, height: 2480))
        #expect(coverage(style, on: landscape) >= 0.85, "\(coverage(style, on: landscape))")
        // Upright, as it was laid before: less than half the paper.
        #expect(coverage(style, on: Self.a4.pixels) < 0.5, "\(coverage(style, on: Self.a4.pixels))")
    }

    @Test func anUprightGridKeepsThePaperUprightAndCovered() {
        let style = proof(4, 7, on: Self.a4.pixels)
        #expect(PaperOrientation.suited(canvas: Self.a4.pixels, style: style, count: 28, photoShape: 1.5) == .portrait)
        #expect(coverage(style, on: Self.a4.pixels) >= 0.85, "\(coverage(style, on: Self.a4.pixels))")
    }

    @Test func twoByTwoStripsAreCovered() throws {
        let paper = try PrintSize(parsing: "4x6in").pixels
        let style = proof(1, 4, on: paper, sheet: SheetLayout(columns: 2, rows: 1))
        #expect(CollageLayout.collageSize(canvas: paper, style: style) == PixelSize(width: 600, height: 1800))
        #expect(coverage(style, on: paper) >= 0.85, "\(coverage(style, on: paper))")
    }

    /// The rule is the photos', not the proof sheet's: a strip lies upright, the book's 3x2 of
    /// six lies landscape, a square is left as it is.
    @Test func thePaperLiesTheWayItsGridsPhotosCoverMore() throws {
        let a6 = try PrintSize(parsing: "A6").pixels
        #expect(PaperOrientation.suited(canvas: a6, style: CollageStyle(grid: .fixed(columns: 1, rows: 4)), count: 4, photoShape: 1.5) == .portrait)
        #expect(PaperOrientation.suited(canvas: a6.transposed, style: CollageStyle(grid: .fixed(columns: 1, rows: 4)), count: 4, photoShape: 1.5) == .portrait)
        #expect(PaperOrientation.suited(canvas: Self.a4.pixels, style: .book, count: 6, photoShape: 1.5) == .landscape)
        // Portrait photos (--accept portrait) in the book's 3x2: upright.
        #expect(PaperOrientation.suited(canvas: Self.a4.pixels, style: .book, count: 6, photoShape: 2.0 / 3) == .portrait)
        #expect(PaperOrientation.suited(canvas: PixelSize(width: 1000, height: 1000), style: .book, count: 6, photoShape: 1.5) == nil)
    }

    /// `A4` is turnable; `A4-landscape`, `A4-portrait` and its sides are not, and lie as given.
    @Test func aPaperNamedAloneIsTheOneTheToolLays() throws {
        #expect(try RequestedSize(parsing: "A4").turnable)
        #expect(try RequestedSize(parsing: "a4").turnable)
        let landscape = try RequestedSize(parsing: "A4-landscape")
        #expect(!landscape.turnable)
        #expect(try PrintSize(landscape, dpi: nil).pixels == PixelSize(width: 3508, height: 2480))
        let portrait = try RequestedSize(parsing: "letter-portrait")
        #expect(!portrait.turnable)
        #expect(try PrintSize(portrait, dpi: 100).pixels == PixelSize(width: 850, height: 1100))
        #expect(try !RequestedSize(parsing: "210x297mm").turnable)
        #expect(try RequestedSize(parsing: "A4").laid(.landscape).turnable == false)
        #expect(try PrintSize(RequestedSize(parsing: "6x4in").laid(.portrait), dpi: nil).pixels == PixelSize(width: 1200, height: 1800))
        #expect(throws: StyleError.badSize("6x4in-landscape")) { try RequestedSize(parsing: "6x4in-landscape") }
    }
}
