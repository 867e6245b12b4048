import CollageCanvas
import CollageCore
import CollageImaging
import Testing

/// The bands and cells of a print, by value: the caption's band, the logo's cell, sheets.
@Suite struct PrintLayoutTests {
    let canvas = PixelSize(width: 800, height: 800)

    func captioned(_ position: CaptionStyle.Position, margin: Int = 0) -> CollageStyle {
        CollageStyle(grid: .fixed(columns: 2, rows: 2), margin: margin, caption: CaptionStyle(lines: [], position: position))
    }

    @Test func aBottomCaptionTakesAnEighthAndTheTilesTheRest() {
        let style = captioned(.bottom)
        #expect(CollageLayout.captionBand(canvas: canvas, style: style) == PixelRect(x: 0, y: 700, width: 800, height: 100))
        #expect(CollageLayout.tileArea(canvas: canvas, style: style) == PixelRect(x: 0, y: 0, width: 800, height: 700))
        #expect(CollageLayout.tiles(count: 4, canvas: canvas, style: style).last == PixelRect(x: 400, y: 350, width: 400, height: 350))
    }

    @Test func aTopCaptionPushesTheTilesDownAndMarginsGoAroundBoth() {
        let style = captioned(.top, margin: 10)
        #expect(CollageLayout.captionBand(canvas: canvas, style: style) == PixelRect(x: 10, y: 10, width: 780, height: 100))
        #expect(CollageLayout.tileArea(canvas: canvas, style: style) == PixelRect(x: 0, y: 110, width: 800, height: 690))
        #expect(CollageLayout.tiles(count: 4, canvas: canvas, style: style).first == PixelRect(x: 10, y: 120, width: 390, height: 335))
        let bottom = captioned(.bottom, margin: 10)
        #expect(CollageLayout.captionBand(canvas: canvas, style: bottom) == PixelRect(x: 10, y: 690, width: 780, height: 100))
        #expect(CollageLayout.tiles(count: 4, canvas: canvas, style: bottom).last == PixelRect(x: 400, y: 345, width: 390, height: 335))
    }

    @Test func aLogoTakesTheLastCellAndOneFromTheLimit() {
        let style = CollageStyle(grid: .fixed(columns: 2, rows: 2), logo: true)
        #expect(style.defaultLimit == 3)
        #expect(CollageLayout.tiles(count: 3, canvas: canvas, style: style).count == 3)
        #expect(CollageLayout.logoTile(count: 3, canvas: canvas, style: style) == PixelRect(x: 400, y: 400, width: 400, height: 400))
        // Fewer photos: the logo follows them, as the grid's last cell, a full cell in size.
        #expect(CollageLayout.logoTile(count: 1, canvas: canvas, style: style) == PixelRect(x: 400, y: 200, width: 400, height: 400))
        #expect(CollageLayout.logoTile(count: 3, canvas: canvas, style: CollageStyle()) == nil)
    }

    @Test func aLogoIsFittedWholeAndCentred() {
        let cell = PixelRect(x: 400, y: 400, width: 400, height: 300)
        #expect(Decorations.fitted(PixelSize(width: 200, height: 200), in: cell) == PixelRect(x: 450, y: 400, width: 300, height: 300))
        #expect(Decorations.fitted(PixelSize(width: 800, height: 100), in: cell) == PixelRect(x: 400, y: 525, width: 400, height: 50))
    }

    @Test func aSheetOfTwoStripsSideBySide() throws {
        let sheet = try SheetLayout(parsing: "2x1", cutMarks: true)
        let print = PixelSize(width: 1200, height: 1800)
        #expect(sheet.cells(on: print) == [PixelRect(x: 0, y: 0, width: 600, height: 1800), PixelRect(x: 600, y: 0, width: 600, height: 1800)])
        #expect(sheet.cutLines(on: print) == [PixelRect(x: 599, y: 0, width: 2, height: 1800)])
        let style = CollageStyle(grid: .fixed(columns: 1, rows: 4), sheet: sheet)
        #expect(CollageLayout.tiles(count: 4, canvas: print, style: style).last == PixelRect(x: 0, y: 1350, width: 600, height: 450))
        // An odd width leaves its spare pixel at the edges, so the copies are the same size.
        #expect(sheet.cells(on: PixelSize(width: 1201, height: 1800)).map(\.width) == [600, 600])
        #expect(throws: StyleError.badRepeat("2x")) { try SheetLayout(parsing: "2x") }
        #expect(throws: StyleError.badRepeat("17x1")) { try SheetLayout(parsing: "17x1") }
    }

    @Test func anOverlayOfAnotherAspectIsNoticed() {
        #expect(!Decorations.aspectDiffers(PixelSize(width: 3000, height: 2000), from: PixelSize(width: 1800, height: 1200)))
        #expect(!Decorations.aspectDiffers(PixelSize(width: 1805, height: 1200), from: PixelSize(width: 1800, height: 1200)))
        #expect(Decorations.aspectDiffers(PixelSize(width: 1600, height: 1200), from: PixelSize(width: 1800, height: 1200)))
    }
}

@Suite struct CaptionLayoutTests {
    @Test func theLargestSizeThatFitsIsFound() {
        #expect(CaptionLayout.largestSize(upTo: 100) { $0 <= 37 } == 37)
        #expect(CaptionLayout.largestSize(upTo: 100) { _ in false } == 1)
        #expect(CaptionLayout.largestSize(upTo: 100) { _ in true } == 100)
    }

    @Test func tallBandsAreLimitedByWidthAndWideBandsByHeight() throws {
        let typesetter = FixedPitchTypesetter()
        // 10 characters in 600x120 (inset 10): the width allows 580/6 = 96, the height 100.
        let wide = try CaptionLayout.typeset(["0123456789"], in: PixelSize(width: 600, height: 120), style: CaptionStyle(lines: []), typesetter: typesetter)
        #expect(wide.inkBounds?.width == 576)
        // Two lines in 2000x120: the height allows 100 / 2 = 50.
        let two = try CaptionLayout.typeset(["ab", "cd"], in: PixelSize(width: 2000, height: 120), style: CaptionStyle(lines: []), typesetter: typesetter)
        #expect(two.inkBounds?.height == 90)  // 40 + 10 descent gap + 40
    }

    @Test(arguments: [(CaptionStyle.Alignment.left, 10.0), (.centre, 250.0), (.right, 490.0)])
    func linesAreAlignedInsideTheInset(alignment: CaptionStyle.Alignment, x: Double) {
        let band = PixelSize(width: 600, height: 120)
        let placed = CaptionLayout.place(["abc"], extents: [LineExtent(width: 100, ascent: 40, descent: 10)], in: band, alignment: alignment)
        #expect(placed == [PlacedLine(text: "abc", x: x, baseline: 75)])
    }

    @Test func aForcedSizeIsUsedEvenWhenItOverflows() throws {
        let style = CaptionStyle(lines: [], size: 200)
        let mask = try CaptionLayout.typeset(["abc"], in: PixelSize(width: 300, height: 100), style: style, typesetter: FixedPitchTypesetter())
        #expect(mask.inkBounds?.width == 300)
    }
}

@Suite struct CompositingTests {
    @Test func halfBlackOverWhiteIsMidGrey() {
        var image = RGBImage(size: PixelSize(width: 2, height: 1))
        image.composite(AlphaMask(size: PixelSize(width: 2, height: 1), coverage: [127, 128]), colour: .black, atX: 0, y: 0)
        #expect(image[0, 0] == RGB(red: 128, green: 128, blue: 128))
        #expect(image[1, 0] == RGB(red: 127, green: 127, blue: 127))
        var framed = RGBImage(size: PixelSize(width: 3, height: 1))
        framed.composite(RGBAImage(size: PixelSize(width: 3, height: 1), straight: [0, 0, 0, 127, 255, 0, 0, 0, 255, 0, 0, 255]), atX: 0, y: 0)
        #expect([framed[0, 0], framed[1, 0], framed[2, 0]] == [RGB(red: 128, green: 128, blue: 128), .white, RGB(red: 255, green: 0, blue: 0)])
    }

    @Test func whatFallsOutsideIsClipped() {
        var image = RGBImage(size: PixelSize(width: 2, height: 2))
        image.composite(AlphaMask(size: PixelSize(width: 3, height: 3), coverage: [UInt8](repeating: 255, count: 9)), colour: .black, atX: 1, y: 1)
        #expect(image[1, 1] == .black && image[0, 0] == .white && image[1, 0] == .white)
    }
}

/// Every character 0.6 em wide; ascent 0.8 em, descent 0.2 em: predictable extents.
struct FixedPitchTypesetter: CaptionTypesetter {
    func extent(of line: String, pixels: Double) -> LineExtent {
        LineExtent(width: Double(line.count) * 0.6 * pixels, ascent: 0.8 * pixels, descent: 0.2 * pixels)
    }

    func draw(_ lines: [PlacedLine], pixels: Double, size: PixelSize) -> AlphaMask {
        var mask = AlphaMask(size: size)
        for line in lines {
            let width = Int(Double(line.text.count) * 0.6 * pixels), top = Int(line.baseline - 0.8 * pixels)
            for y in max(0, top)..<min(size.height, Int(line.baseline)) {
                for x in max(0, Int(line.x))..<min(size.width, Int(line.x) + width) { mask.coverage[y * size.width + x] = 255 }
            }
        }
        return mask
    }
}

@Suite struct PrintRendererTests {
    let red = RGB(red: 255, green: 0, blue: 0), green = RGB(red: 0, green: 255, blue: 0)

    @Test func photosLogoCaptionAndCopiesAreDrawnInTheirPlaces() throws {
        let photo = Photo(name: PathName("p"), size: PixelSize(width: 40, height: 30), image: RGBImage(size: PixelSize(width: 40, height: 30), filledWith: red))
        let logo = RGBAImage(size: PixelSize(width: 10, height: 10), straight: [UInt8]((0..<100).flatMap { _ in [0, 255, 0, 255] }))
        let style = CollageStyle(grid: .fixed(columns: 2, rows: 1), caption: CaptionStyle(lines: [try CaptionTemplate(parsing: "{photos}")]),
                                 logo: true, sheet: SheetLayout(columns: 2, rows: 1))
        let canvas = PixelSize(width: 400, height: 100)
        let rendered = try CollageRenderer.render([photo], canvas: canvas, style: style,
                                                  decorations: Decorations(logo: logo, typesetter: FixedPitchTypesetter()),
                                                  values: CaptionValues(date: DateFields(year: 2026, month: 1, day: 1), today: DateFields(year: 2026, month: 1, day: 1), number: 1, photos: 1))
        let image = rendered.image
        // One copy is 200x100: a 13-pixel band at the bottom, the photo and the logo's cell above it.
        #expect(rendered.tiles.map(\.tile) == [PixelRect(x: 0, y: 0, width: 100, height: 87)])
        #expect(image[50, 40] == red)
        #expect(image[150, 40] == green && image[103, 40] == .white)  // the logo fitted 87x87, centred in its 100x87 cell
        let band = image.cropped(to: PixelRect(x: 0, y: 87, width: 200, height: 13))
        #expect(band.pixels.contains(0))  // "1" in black
        #expect(image.cropped(to: PixelRect(x: 0, y: 0, width: 200, height: 100)) == image.cropped(to: PixelRect(x: 200, y: 0, width: 200, height: 100)))
        // Without decorations the band stays background.
        let plain = CollageRenderer.render([photo], canvas: canvas, style: style).image
        #expect(!plain.cropped(to: PixelRect(x: 0, y: 87, width: 200, height: 13)).pixels.contains(0))
    }
}
