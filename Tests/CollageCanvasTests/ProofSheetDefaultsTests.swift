import CollageCanvas
import CollageCore
import CollageImaging
import Testing

/// What a proof sheet (`--label`) takes unless told otherwise, by value: each photo whole, a gap
/// and a margin of 1 % of the canvas's shorter side (at least a pixel), a fixed grid's cells of a
/// photo's shape; without a label, the book's look.
@Suite("A proof sheet's defaults")
struct ProofSheetDefaultsTests {
    static let label = TileLabel(template: try! CaptionTemplate(parsing: "{name}", forLabel: true))
    static let a4 = PixelSize(width: 3508, height: 2480)

    func style(canvas: PixelSize = a4, grid: CollageGrid = .fixed(columns: 5, rows: 4), gap: Int? = nil, margin: Int? = nil, fit: TileFit? = nil,
               label: TileLabel? = label) -> CollageStyle {
        CollageStyle(canvas: canvas, grid: grid, gap: gap, margin: margin, crop: .centre, fit: fit, caption: nil, logo: false, sheet: nil, label: label)
    }

    @Test func aLabelledFixedGridShowsEachPhotoWholeInPhotoShapedCellsApartFromTheEdge() {
        #expect(style() == CollageStyle(grid: .fixed(columns: 5, rows: 4), gap: 24, margin: 24, fit: .contain,
                                        cellShapes: CollageStyle.photoShapes, label: Self.label))
    }

    @Test func theBooksGridKeepsTheCanvassCells() {
        #expect(style(grid: .auto).cellShapes == nil)
        #expect(style(grid: .auto).gap == 24)
    }

    @Test func aTinyCanvasStillHasAPixelBetweenItsTiles() {
        let tiny = style(canvas: PixelSize(width: 120, height: 80))
        #expect(tiny.gap == 1 && tiny.margin == 1)
    }

    @Test func whatIsGivenIsKept() {
        let given = style(gap: 0, margin: 7, fit: .cover)
        #expect(given.gap == 0 && given.margin == 7 && given.fit == .cover)
    }

    @Test func withoutALabelItIsTheBooksLook() {
        #expect(style(label: nil) == CollageStyle(grid: .fixed(columns: 5, rows: 4)))
    }
}
