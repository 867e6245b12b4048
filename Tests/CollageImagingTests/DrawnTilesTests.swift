import CollageImaging
import Testing

/// `DrawnTiles`: a tile the last collage drew (the same region of the same photo, at the same
/// size) is copied from that collage's canvas, wherever it moved; anything else is drawn again.
@Suite("Tiles drawn before")
struct DrawnTilesTests {
    static let size = PixelSize(width: 90, height: 60)

    /// The grid of `TileDrawTests` drawn, and what it drew.
    static func drawnGrid() throws -> DrawnTiles {
        var canvas = try #require(RGBImage(size: size, coveredBy: TileDrawTests.grid))
        canvas.draw(TileDrawTests.grid)
        return DrawnTiles(canvas: canvas, draws: TileDrawTests.grid)
    }

    /// The next collage: the first two photos swap places at the same size, the third is drawn
    /// at another size, a new photo takes the rest.
    static let next: [TileDraw] = {
        let grid = TileDrawTests.grid
        func moved(_ draw: TileDraw, to rect: PixelRect) -> TileDraw { TileDraw(image: draw.image, region: draw.region, into: rect) }
        let third = grid[2].image, new = TileDrawTests.photo(PixelSize(width: 75, height: 50), seed: 42)
        return [moved(grid[0], to: grid[1].rect), moved(grid[1], to: grid[0].rect),
                TileDraw(image: third, region: SourceRegion.centreCrop(of: third.size, toFill: PixelSize(width: 30, height: 60)),
                         into: PixelRect(x: 60, y: 0, width: 30, height: 60)),
                TileDraw(image: new, region: SourceRegion.centreCrop(of: new.size, toFill: PixelSize(width: 60, height: 30)),
                         into: PixelRect(x: 0, y: 30, width: 60, height: 30))]
    }()

    @Test func tilesShownAgainAreCopiedAndGiveThePixelsOfDrawingThemAfresh() throws {
        let before = try Self.drawnGrid()
        let draws = before.reusing(in: Self.next)
        // The two moved tiles come from the canvas; the resized one and the new one from their photos.
        #expect(draws.map { $0.image.size == Self.size } == [true, true, false, false])
        var reused = try #require(RGBImage(size: Self.size, coveredBy: draws))
        reused.draw(draws)
        #expect(reused == TileDrawTests.oneByOne(Self.next, on: Self.size))
    }

    /// Equal pixels in another buffer, another region of the same photo, the same region at
    /// another size: none of them is the tile drawn before.
    @Test func onlyTheSameRegionOfTheSamePhotoAtTheSameSizeIsReused() throws {
        let before = try Self.drawnGrid()
        let first = TileDrawTests.grid[0]
        var copy = first.image
        copy.pixels.withUnsafeMutableBufferPointer { _ in }  // a buffer of its own, the same pixels
        var shifted = first.region
        shifted.x += 1
        let others = [TileDraw(image: copy, region: first.region, into: first.rect),
                      TileDraw(image: first.image, region: shifted, into: first.rect),
                      TileDraw(image: first.image, region: first.region, into: PixelRect(x: 0, y: 0, width: 30, height: 29))]
        #expect(copy == first.image)
        for (draw, after) in zip(others, before.reusing(in: others)) {
            #expect(after.image.size == draw.image.size && after.region == draw.region)
        }
        #expect(before.reusing(in: [first]).first?.image.size == Self.size)
    }
}
