import CollageImaging
import Testing

/// `RGBImage.draw(_:)`, a collage's tiles drawn on all cores at once, and the canvas left
/// unpainted when they cover it: the same pixels as drawing them one by one on a white canvas.
@Suite("Tiles drawn at once")
struct TileDrawTests {
    /// Noise that differs from pixel to pixel (a multiplicative hash), seeded per photo.
    static func photo(_ size: PixelSize, seed: Int) -> RGBImage {
        RGBImage(size: size, pixels: (0..<size.area * 3).map { UInt8(truncatingIfNeeded: (($0 &+ seed &* 7919) &* 2_654_435_761) >> 13) })
    }

    /// The book's six-photo grid on a 90x60 canvas: kept copies at the tile's size (copied rows),
    /// larger ones (averaged down) and a smaller one (grown), fractional crops among them.
    static let grid: [TileDraw] = (0..<6).map { index in
        let rect = PixelRect(x: 30 * (index % 3), y: 30 * (index / 3), width: 30, height: 30)
        let sizes = [PixelSize(width: 40, height: 30), PixelSize(width: 97, height: 61), PixelSize(width: 40, height: 30),
                     PixelSize(width: 21, height: 17), PixelSize(width: 64, height: 48), PixelSize(width: 53, height: 40)]
        let image = photo(sizes[index], seed: index)
        return TileDraw(image: image, region: SourceRegion.centreCrop(of: image.size, toFill: rect.size), into: rect)
    }

    static func oneByOne(_ draws: [TileDraw], on size: PixelSize) -> RGBImage {
        var canvas = RGBImage(size: size)
        for draw in draws { canvas.draw(draw.image, region: draw.region, into: draw.rect) }
        return canvas
    }

    @Test func tilesThatCoverTheCanvasGiveThePixelsOfDrawingThemOneByOne() throws {
        let size = PixelSize(width: 90, height: 60)
        var canvas = try #require(RGBImage(size: size, coveredBy: Self.grid))
        canvas.draw(Self.grid)
        #expect(canvas == Self.oneByOne(Self.grid, on: size))
    }

    /// A gap (a margin, `--fit contain`), an overlap, an empty photo, a tile outside: the canvas
    /// is painted first, so no byte is left unwritten.
    @Test func aCanvasTheTilesDoNotCoverIsNotLeftUnpainted() {
        let size = PixelSize(width: 90, height: 60)
        let tile = { (rect: PixelRect) in TileDraw(image: Self.photo(PixelSize(width: 8, height: 8), seed: 1), region: SourceRegion(x: 0, y: 0, width: 8, height: 8), into: rect) }
        let gap = Array(Self.grid.dropLast()) + [tile(PixelRect(x: 60, y: 30, width: 29, height: 30))]
        let overlap = Array(Self.grid.dropLast(2)) + [tile(PixelRect(x: 30, y: 30, width: 31, height: 30)), tile(PixelRect(x: 60, y: 30, width: 29, height: 30))]
        let empty = Array(Self.grid.dropLast()) + [TileDraw(image: RGBImage(size: PixelSize(width: 0, height: 0), pixels: []), region: SourceRegion(x: 0, y: 0, width: 0, height: 0), into: PixelRect(x: 60, y: 30, width: 30, height: 30))]
        let outside = Array(Self.grid.dropLast()) + [tile(PixelRect(x: 61, y: 30, width: 30, height: 30))]
        for (name, draws) in [("gap", gap), ("overlap", overlap), ("empty", empty), ("outside", outside)] {
            #expect(RGBImage(size: size, coveredBy: draws) == nil, "\(name)")
        }
    }

    /// Overlapping tiles are drawn one after another, the later over the earlier, as before.
    @Test func overlappingTilesAreDrawnInTurn() {
        let size = PixelSize(width: 90, height: 60)
        let over = TileDraw(image: Self.photo(PixelSize(width: 50, height: 50), seed: 9), region: SourceRegion(x: 0, y: 0, width: 50, height: 50),
                            into: PixelRect(x: 20, y: 10, width: 50, height: 40))
        var canvas = RGBImage(size: size)
        canvas.draw(Self.grid + [over])
        #expect(canvas == Self.oneByOne(Self.grid + [over], on: size))
    }
}
