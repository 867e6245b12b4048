import CollageCanvas
import CollageCore
import CollageImaging
import CollageTestSupport
import Testing

@Suite("--fit: a photo filling its tile (cover) or whole in it (contain)")
struct TileFitTests {
    static let background = RGB(red: 16, green: 32, blue: 200)

    /// The mean difference of two images of one size, per channel.
    static func difference(_ a: RGBImage, _ b: RGBImage) -> Double {
        Double(zip(a.pixels, b.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(a.pixels.count)
    }

    static func inside(_ x: Int, _ y: Int, _ rect: PixelRect) -> Bool {
        x >= rect.x && x < rect.x + rect.width && y >= rect.y && y < rect.y + rect.height
    }

    @Test func fitIsParsedFromItsWords() throws {
        #expect(try TileFit(parsing: "Contain") == .contain)
        #expect(try TileFit(parsing: "cover") == .cover)
        #expect(throws: StyleError.badFit("fill")) { try TileFit(parsing: "fill") }
    }

    /// A landscape and a portrait photo side by side in square-ish cells: with contain, each
    /// tile's content, scaled down, is its whole photo scaled down; every other pixel of the cell
    /// is background.
    @Test(arguments: [(60, 40), (40, 60), (90, 30)])
    func containShowsTheWholePhotoCentredOnTheBackground(width: Int, height: Int) {
        let image = TestImages.pattern(seed: width * 7 + height, width, height)
        let photo = Photo(name: "p", size: image.size, image: image)
        let style = CollageStyle(grid: .fixed(columns: 2, rows: 1), background: Self.background, fit: .contain)
        let canvas = PixelSize(width: 200, height: 100)
        let rendered = CollageRenderer.render([photo, photo], canvas: canvas, style: style)
        let cell = CollageLayout.tiles(count: 2, canvas: canvas, style: style)[0]
        let placed = rendered.tiles[0]
        // The photo's own shape, as large as the cell allows, centred in it.
        #expect(abs(Double(placed.tile.width) / Double(placed.tile.height) - Double(width) / Double(height)) < 0.05)
        #expect(placed.tile.width == cell.width || placed.tile.height == cell.height)
        #expect(abs((placed.tile.x - cell.x) - (cell.x + cell.width - placed.tile.x - placed.tile.width)) <= 1)
        #expect(placed.crop == PixelRect(x: 0, y: 0, width: width, height: height))
        let small = PixelSize(width: width / 5, height: height / 5)
        let shown = rendered.image.cropped(to: placed.tile).resized(to: small)
        #expect(Self.difference(shown, image.resized(to: small)) < 6)
        for y in cell.y..<(cell.y + cell.height) {
            for x in cell.x..<(cell.x + cell.width) where !Self.inside(x, y, placed.tile) {
                #expect(rendered.image[x, y] == Self.background, "(\(x), \(y)) outside the photo")
            }
        }
    }

    /// The shape is the photo's as displayed (`Photo.size`), not its kept copy's: a dry run
    /// plans tiles from headers alone.
    @Test func containTakesTheShapeAsDisplayed() {
        let photo = Photo(name: "p", size: PixelSize(width: 400, height: 600), image: TestImages.solid(.black, 1, 1))
        let placed = TileFit.contain.placement(of: photo, in: PixelRect(x: 10, y: 0, width: 300, height: 200), crop: .centre)
        #expect(placed.tile == PixelRect(x: 93, y: 0, width: 133, height: 200))
    }

    /// Cover, the book's: the tile is the cell and the photo is cropped to it.
    @Test func coverFillsTheCellAndCrops() {
        let image = TestImages.pattern(seed: 3, 90, 30)
        let photo = Photo(name: "p", size: image.size, image: image)
        let style = CollageStyle(grid: .fixed(columns: 2, rows: 1), background: Self.background)
        let rendered = CollageRenderer.render([photo, photo], canvas: PixelSize(width: 200, height: 100), style: style)
        #expect(rendered.tiles[0].tile == PixelRect(x: 0, y: 0, width: 100, height: 100))
        #expect(rendered.tiles[0].crop == PixelRect(x: 30, y: 0, width: 30, height: 30))
    }
}
