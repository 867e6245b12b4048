import CollageCanvas
import CollageCore
import CollageImaging
import CollageTestSupport
import Testing

@Suite("Rendering a selection")
struct CollageRendererTests {
    let colors = [RGB(red: 255, green: 0, blue: 0), RGB(red: 0, green: 255, blue: 0), RGB(red: 0, green: 0, blue: 255),
                  RGB(red: 255, green: 255, blue: 0), RGB(red: 0, green: 255, blue: 255), RGB(red: 255, green: 0, blue: 255)]

    @Test("Every tile shows its photo and no white is left", arguments: 1...6)
    func tilesShowTheirPhotos(count: Int) {
        let canvas = PixelSize(width: 300, height: 200)
        let photos = (0..<count).map { Photo(name: PathName("\($0)"), size: PixelSize(width: 40, height: 30), image: TestImages.solid(colors[$0], 40, 30)) }
        let collage = CollageRenderer.render(photos, canvas: canvas)
        #expect(collage.size == canvas)
        for (tile, color) in zip(CollageLayout.tiles(count: count, canvas: canvas), colors) {
            #expect(collage[tile.x, tile.y] == color)
            #expect(collage[tile.x + tile.width - 1, tile.y + tile.height - 1] == color)
        }
        #expect(!(0..<canvas.area).contains { collage[$0 % canvas.width, $0 / canvas.width] == .white })
    }

    @Test func aspectFillCropsTheSidesOfAWidePhoto() {
        // A 300x100 photo, red in its middle third and blue at both ends, in a square tile:
        // aspect fill shows only the middle.
        var wide = TestImages.solid(RGB(red: 0, green: 0, blue: 255), 300, 100)
        for y in 0..<100 {
            for x in 100..<200 { wide.pixels[(y * 300 + x) * 3] = 255; wide.pixels[(y * 300 + x) * 3 + 2] = 0 }
        }
        let collage = CollageRenderer.render([Photo(name: "w", size: wide.size, image: wide)], canvas: PixelSize(width: 50, height: 50))
        #expect(collage[0, 25] == RGB(red: 255, green: 0, blue: 0))
        #expect(collage[49, 25] == RGB(red: 255, green: 0, blue: 0))
    }

    @Test func emptySelectionIsWhite() {
        let collage = CollageRenderer.render([], canvas: PixelSize(width: 4, height: 3))
        #expect(collage == RGBImage(size: PixelSize(width: 4, height: 3), filledWith: .white))
    }
}
