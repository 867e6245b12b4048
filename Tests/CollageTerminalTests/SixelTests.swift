import CollageCore
import CollageImaging
import CollageTestSupport
import Testing
@testable import CollageTerminal

@Suite("The sixel encoder and its colour quantiser")
struct SixelTests {
    @Test("A 2x2 image of four colours, byte for byte: palette in value order, one band, $ between colours")
    func fourColors() {
        let expected = "\u{1B}P0;1;0q\"1;1;2;2"
            + "#0;2;0;0;100#1;2;0;100;0#2;2;100;0;0#3;2;100;100;100"  // blue, green, red, white
            + "#0A$#1?@$#2@$#3?A"
            + "\u{1B}\\"
        #expect(Sixel.encode(Images.fourColors).text == expected)
    }

    @Test("Two bands, the second partial: runs of four or more as !n, trailing empty sixels dropped, - between bands only")
    func bands() {
        var colors = [RGB](repeating: .black, count: 5 * 7)
        colors[6 * 5 + 4] = .white  // the last pixel of the seventh row
        let expected = "\u{1B}P0;1;0q\"1;1;5;7" + "#0;2;0;0;0#1;2;100;100;100"
            + "#0!5~"  // band 1: six black rows
            + "-#0!4@$#1!4?@"  // band 2: the seventh row, black then one white
            + "\u{1B}\\"
        #expect(Sixel.encode(Images.image(width: 5, colors)).text == expected)
    }

    @Test("Read back, a photo-like image gives the quantiser's every pixel, in at most the registers allowed",
          arguments: [(16, true), (256, true), (64, false)])
    func readBack(registers: Int, dither: Bool) throws {
        let image = TestImages.pattern(seed: 5, 37, 23)  // 23 rows: three full bands and a partial one
        let indexed = ColorQuantizer.quantize(image, maxColors: registers, dither: dither)
        #expect(indexed.palette.count <= registers)
        let read = try SixelReader(Sixel.encode(indexed))
        #expect(read.width == 37 && read.height == 23)
        #expect(read.registers.count == indexed.palette.count)
        #expect(read.pixels == indexed.indices.map { Int($0) })
    }

    @Test("Quantising is deterministic, and keeps an image's colours when there are few enough")
    func quantiser() {
        let image = TestImages.pattern(seed: 7, 40, 30)
        #expect(ColorQuantizer.quantize(image, maxColors: 32) == ColorQuantizer.quantize(image, maxColors: 32))
        let few = TestImages.quadrants(8, 6)
        let exact = ColorQuantizer.quantize(few, maxColors: 4)
        #expect(exact.rgb == few)
        #expect(exact.palette.count == 4)
    }

    @Test("Median cut finds two clusters' means; each pixel takes its own cluster's colour")
    func twoClusters() {
        // Left half dark reds around (40, 0, 0), right half light blues around (0, 0, 200).
        let reds = [36, 38, 40, 42].map { RGB(red: UInt8($0), green: 0, blue: 0) }
        let blues = [196, 198, 200, 202].map { RGB(red: 0, green: 0, blue: UInt8($0)) }
        let colors = reds + blues
        let indexed = ColorQuantizer.quantize(Images.image(width: 8, colors), maxColors: 2, dither: false)
        #expect(Set(indexed.palette) == [RGB(red: 39, green: 0, blue: 0), RGB(red: 0, green: 0, blue: 199)])
        #expect(Set(indexed.indices[0..<4]).count == 1 && Set(indexed.indices[4...]).count == 1)
        #expect(indexed.indices[0] != indexed.indices[7])
    }

    @Test("With 16 registers, dithering keeps the mean colour of a smooth image closer than without")
    func dithering() {
        let image = TestImages.pattern(seed: 11, 48, 32)
        let whole = PixelRect(x: 0, y: 0, width: 48, height: 32)
        let mean = image.meanColor(in: whole)
        let dithered = ColorQuantizer.quantize(image, maxColors: 16, dither: true).rgb.meanColor(in: whole)
        let flat = ColorQuantizer.quantize(image, maxColors: 16, dither: false).rgb.meanColor(in: whole)
        #expect(dithered.distance(to: mean) <= max(2, flat.distance(to: mean)))
    }
}
