import CollageCanvas
import CollageCore
import CollageImaging
import CollageTestSupport
import Testing

@Suite("Rendering with a style")
struct CollageStyleRendererTests {
    let red = RGB(red: 255, green: 0, blue: 0), green = RGB(red: 0, green: 255, blue: 0)
    let navy = RGB(red: 0, green: 0, blue: 128)

    @Test func backgroundFillsMarginsAndGaps() {
        let photos = [red, green, red].enumerated().map { index, color in
            Photo(name: PathName("\(index)"), size: PixelSize(width: 40, height: 30), image: TestImages.solid(color, 40, 30))
        }
        let style = CollageStyle(gap: 6, margin: 4, background: navy)
        let canvas = PixelSize(width: 100, height: 70)
        let rendered = CollageRenderer.render(photos, canvas: canvas, style: style)
        let tiles = CollageLayout.tiles(count: 3, canvas: canvas, style: style)
        #expect(rendered.tiles.map(\.tile) == tiles)
        // Every pixel is its tile's photo or, outside every tile, the background.
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let owner = tiles.firstIndex { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height }
                let expected = owner.map { [red, green, red][$0] } ?? navy
                #expect(rendered.image[x, y] == expected, "(\(x), \(y))")
            }
        }
        #expect(tiles[0] == PixelRect(x: 4, y: 4, width: 43, height: 28))
    }

    @Test func theBookStyleRendersAsBefore() {
        let photos = (0..<5).map { Photo(name: PathName("\($0)"), size: PixelSize(width: 60, height: 40), image: TestImages.pattern(seed: $0, 60, 40)) }
        let canvas = PixelSize(width: 90, height: 50)
        let styled = CollageRenderer.render(photos, canvas: canvas, style: .book)
        #expect(styled.image == CollageRenderer.render(photos, canvas: canvas))
        #expect(styled.image.meanColor(in: PixelRect(x: 0, y: 0, width: 90, height: 50)) != .white)
    }

    @Test func cropWindowsAreReportedInTheOriginalPhotosPixels() {
        // Kept at a tenth of a 4000x3000 original; a square tile shows its middle 3000x3000.
        let photo = Photo(name: "big", size: PixelSize(width: 4000, height: 3000), image: TestImages.pattern(seed: 1, 400, 300))
        let placement = CollageRenderer.placements(of: [photo], canvas: PixelSize(width: 100, height: 100), style: .book)
        #expect(placement.map(\.crop) == [PixelRect(x: 500, y: 0, width: 3000, height: 3000)])
        #expect(placement.map(\.region) == [SourceRegion(x: 50, y: 0, width: 300, height: 300)])
        #expect(placement.map(\.tile) == [PixelRect(x: 0, y: 0, width: 100, height: 100)])
    }

    @Test func attentionTilesShowTheSubjectThatCentreTilesLose() {
        let subject = PixelRect(x: 128, y: 30, width: 20, height: 30)
        let image = AttentionCropTests.photo(.saturated, at: subject)
        let photo = Photo(name: "edge", size: PixelSize(width: 1600, height: 900), image: image)
        let strip = PixelSize(width: 30, height: 60)
        func redPixels(_ crop: CropStrategy) -> Int {
            let rendered = CollageRenderer.render([photo], canvas: strip, style: CollageStyle(crop: crop))
            return (0..<strip.area).filter { rendered.image[$0 % strip.width, $0 / strip.width].distance(to: RGB(red: 210, green: 30, blue: 40)) < 40 }.count
        }
        #expect(redPixels(.centre) == 0)
        // The subject is 20x30 of the photo's 90 rows: 2/3 scale makes it about 13x20 tile pixels.
        #expect(redPixels(.attention) >= 13 * 20 - 40)
        let placement = CollageRenderer.placements(of: [photo], canvas: strip, style: CollageStyle(crop: .attention))[0]
        #expect(placement.crop.x <= 1280 && placement.crop.x + placement.crop.width >= 1480)
        #expect(placement.crop.height == 900 && placement.crop.width == 450)
    }
}
