import CollageCore
import CollageImaging
import CollageTestSupport
import Testing

@Suite("Resampling: area average when shrinking, bilinear when growing")
struct ResamplerTests {
    @Test(arguments: [PixelSize(width: 7, height: 3), PixelSize(width: 100, height: 100), PixelSize(width: 333, height: 211)])
    func solidColourStaysSolid(target: PixelSize) {
        let color = RGB(red: 12, green: 200, blue: 99)
        let resized = TestImages.solid(color, 150, 100).resized(to: target)
        #expect(resized.size == target)
        #expect((0..<target.area).allSatisfy { resized[$0 % target.width, $0 / target.width] == color })
    }

    @Test func finestDetailAveragesToGreyInsteadOfMoire() {
        // One-pixel black/white stripes shrunk by 3.7: point or bilinear sampling would show
        // bands of black and white; area averaging gives an even grey.
        var stripes = TestImages.solid(.black, 370, 100)
        for y in 0..<100 {
            for x in stride(from: 0, to: 370, by: 2) {
                for c in 0..<3 { stripes.pixels[(y * 370 + x) * 3 + c] = 255 }
            }
        }
        let small = stripes.resized(to: PixelSize(width: 100, height: 27))
        let values = stride(from: 0, to: small.pixels.count, by: 3).map { Int(small.pixels[$0]) }
        #expect(values.min()! >= 110 && values.max()! <= 145, "range \(values.min()!)…\(values.max()!)")
    }

    @Test func halvingAveragesEachTwoByTwoBlock() {
        var image = TestImages.solid(.black, 4, 2)
        let values: [UInt8] = [0, 100, 200, 40, 50, 150, 60, 80]
        for (i, v) in values.enumerated() { image.pixels[i * 3] = v }
        let half = image.resized(to: PixelSize(width: 2, height: 1))
        #expect(half[0, 0].red == 75)  // (0 + 100 + 50 + 150) / 4
        #expect(half[1, 0].red == 95)  // (200 + 40 + 60 + 80) / 4
    }

    @Test func growingKeepsQuadrantsInPlace() {
        let big = TestImages.quadrants(4, 4).resized(to: PixelSize(width: 40, height: 40))
        let c = TestImages.quadrantColors
        #expect(big[5, 5] == c.topLeft)
        #expect(big[35, 5] == c.topRight)
        #expect(big[5, 35] == c.bottomLeft)
        #expect(big[35, 35] == c.bottomRight)
    }

    @Test func centreCropFillsTheTarget() {
        let wide = SourceRegion.centreCrop(of: PixelSize(width: 400, height: 100), toFill: PixelSize(width: 100, height: 100))
        #expect(wide == SourceRegion(x: 150, y: 0, width: 100, height: 100))
        let tall = SourceRegion.centreCrop(of: PixelSize(width: 400, height: 300), toFill: PixelSize(width: 400, height: 100))
        #expect(tall == SourceRegion(x: 0, y: 100, width: 400, height: 100))
    }

    @Test func drawingTouchesOnlyTheTargetRectangle() {
        var canvas = TestImages.solid(.white, 20, 10)
        canvas.draw(TestImages.solid(.black, 5, 5), region: SourceRegion(x: 0, y: 0, width: 5, height: 5),
                    into: PixelRect(x: 10, y: 0, width: 10, height: 10))
        #expect(canvas[9, 5] == .white)
        #expect(canvas[10, 5] == .black)
        #expect(canvas[19, 9] == .black)
    }
}

@Suite("Resampling in fixed point")
struct FixedPointResamplerTests {
    @Test func wholePixelRegionsOfTheTileSizeAreCopiedExactly() {
        let photo = TestImages.pattern(seed: 3, 60, 45)
        var canvas = TestImages.solid(.white, 100, 50)
        canvas.draw(photo, region: SourceRegion(x: 0, y: 5, width: 60, height: 40), into: PixelRect(x: 30, y: 10, width: 60, height: 40))
        for (x, y) in [(0, 0), (59, 0), (0, 39), (59, 39), (17, 23)] {
            #expect(canvas[30 + x, 10 + y] == photo[x, 5 + y], "at \(x),\(y)")
        }
        #expect(canvas[29, 10] == .white && canvas[90, 49] == .white)
    }

    @Test func aHalfPixelShiftInterpolatesInsteadOfCopying() {
        var image = TestImages.solid(.black, 4, 1)
        for c in 0..<3 { image.pixels[3 + c] = 200 }  // black, 200, black, black
        var out = TestImages.solid(.white, 3, 1)
        out.draw(image, region: SourceRegion(x: 0.5, y: 0, width: 3, height: 1), into: PixelRect(x: 0, y: 0, width: 3, height: 1))
        #expect(out[0, 0].red == 100 && out[1, 0].red == 100 && out[2, 0].red == 0)
    }

    @Test func hugeShrinksStaySolidAndAverage() {
        // Hundreds of taps per pixel: the fixed-point weights must still add up to exactly one.
        let color = RGB(red: 255, green: 1, blue: 128)
        let solid = TestImages.solid(color, 4000, 3).resized(to: PixelSize(width: 9, height: 1))
        #expect((0..<9).allSatisfy { solid[$0, 0] == color })
        var halves = TestImages.solid(.black, 4000, 2)
        for x in 2000..<4000 { for y in 0..<2 { for c in 0..<3 { halves.pixels[(y * 4000 + x) * 3 + c] = 255 } } }
        let small = halves.resized(to: PixelSize(width: 2, height: 1))
        #expect(small[0, 0] == .black && small[1, 0] == .white)
        let mean = halves.resized(to: PixelSize(width: 1, height: 1))[0, 0].red
        #expect((127...128).contains(mean))
    }
}
