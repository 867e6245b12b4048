import CollageCanvas
import CollageImaging
import Testing

@Suite("Kept sizes: by place as the collage grows (watch), or from the collage planned up front (build)")
struct KeptSizePlanTests {
    let phone = PixelSize(width: 4032, height: 3024)

    @Test("Growing is the layout's kept size by place", arguments: 0..<6)
    func growingFollowsThePlace(position: Int) {
        let canvas = PixelSize(width: 1800, height: 1200)
        for file in [position, position + 3] {
            #expect(KeptSizePlan.growing.keptSize(of: phone, file: file, position: position, in: Layout(canvas: canvas, limit: 6))
                == CollageLayout.keptSize(of: phone, at: position, canvas: canvas, limit: 6))
        }
    }

    @Test func sixPhotosOnTheBenchmarkCanvasAreKeptAtTheirTile() {
        // 600x400 tiles: a 4:3 photo covers one at 600x450 (decoded at 1/4, not 1/2).
        let canvas = PixelSize(width: 1800, height: 800)
        for file in 0..<10 {
            #expect(KeptSizePlan.planned(count: 6).keptSize(of: phone, file: file, position: 0, in: Layout(canvas: canvas, limit: 6))
                == PixelSize(width: 600, height: 450))
        }
    }

    @Test func aFileIsKeptForTheLargestTileAmongThePlacesItCanReach() {
        // Three photos on 1800x1200: two 900x600 tiles on top, one 1800x600 below. The first two
        // files can only land on top; the third may land anywhere, so also below.
        let canvas = PixelSize(width: 1800, height: 1200)
        let plan = KeptSizePlan.planned(count: 3)
        #expect(plan.keptSize(of: phone, file: 0, position: 0, in: Layout(canvas: canvas, limit: 6)) == PixelSize(width: 900, height: 675))
        #expect(plan.keptSize(of: phone, file: 1, position: 1, in: Layout(canvas: canvas, limit: 6)) == PixelSize(width: 900, height: 675))
        #expect(plan.keptSize(of: phone, file: 2, position: 0, in: Layout(canvas: canvas, limit: 6)) == PixelSize(width: 1800, height: 1350))
        #expect(plan.keptSize(of: phone, file: 7, position: 2, in: Layout(canvas: canvas, limit: 6)) == PixelSize(width: 1800, height: 1350))
    }

    @Test func aPlannedSizeDependsOnTheFileNeverOnWhatWasTakenBeforeIt() {
        let canvas = PixelSize(width: 1800, height: 1200)
        for file in 0..<8 {
            let sizes = Set((0...min(file, 5)).map {
                KeptSizePlan.planned(count: 6).keptSize(of: phone, file: file, position: $0, in: Layout(canvas: canvas, limit: 6))
            })
            #expect(sizes.count == 1, "file \(file): \(sizes)")
        }
        #expect(KeptSizePlan.planned(count: 6).isKnownAhead)
        #expect(!KeptSizePlan.growing.isKnownAhead)
    }

    @Test func coveringSizesStayWithinThePhotoAndAboveTwiceTheThumbnail() {
        let tile = PixelRect(x: 0, y: 0, width: 3000, height: 2000)
        #expect(KeptSizePlan.size(of: PixelSize(width: 320, height: 200), covering: [tile]) == PixelSize(width: 320, height: 200))
        let tiny = PixelRect(x: 0, y: 0, width: 10, height: 10)
        #expect(KeptSizePlan.size(of: phone, covering: [tiny]) == PixelSize(width: 128, height: 96))
        #expect(KeptSizePlan.size(of: phone, covering: []) == PixelSize(width: 128, height: 96))
    }

    @Test func aCoveringSizeFillsEveryTileByShrinking() {
        let tiles = [PixelRect(x: 0, y: 0, width: 700, height: 300), PixelRect(x: 0, y: 0, width: 333, height: 777)]
        let kept = KeptSizePlan.size(of: phone, covering: tiles)
        for tile in tiles {
            let region = SourceRegion.centreCrop(of: kept, toFill: tile.size)
            #expect(region.width >= Double(tile.width) && region.height >= Double(tile.height), "\(kept) for \(tile)")
        }
    }
}
