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

    @Test("Quantising gives the same palette and indices on every run, and keeps an image's colours when there are few enough")
    func quantiser() {
        // Twelve colours into four registers, dithered: pinned, so an order that changed from run
        // to run (a hashed collection's) or any drift in the median cut would show.
        let twelve = [(250, 10, 10), (230, 30, 20), (200, 60, 40), (20, 240, 30), (40, 200, 60), (60, 180, 90),
                      (10, 20, 250), (30, 60, 220), (70, 90, 200), (250, 250, 240), (200, 210, 220), (128, 128, 128)]
            .map { RGB(red: UInt8($0.0), green: UInt8($0.1), blue: UInt8($0.2)) }
        let pinned = ColorQuantizer.quantize(Images.image(width: 4, twelve), maxColors: 4)
        #expect(pinned.palette == [RGB(red: 37, green: 57, blue: 223), RGB(red: 227, green: 33, blue: 23),
                                   RGB(red: 193, green: 196, blue: 196), RGB(red: 40, green: 207, blue: 60)])
        #expect(pinned.indices == [1, 1, 1, 3, 3, 3, 0, 0, 0, 2, 2, 2])
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
