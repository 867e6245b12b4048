import CollageCanvas
import CollageImaging
import Testing

@Suite("Print sizes and lengths: round(length / 25.4 mm * dpi)")
struct PrintSizeTests {
    // Expected pixels from exact decimal arithmetic (Python's decimal, ROUND_HALF_UP).
    @Test("Physical sizes at 72, 150, 300 and 600 dpi", arguments: [
        ("6x4in", [(72, 432, 288), (150, 900, 600), (300, 1800, 1200), (600, 3600, 2400)]),
        ("15x10cm", [(72, 425, 283), (150, 886, 591), (300, 1772, 1181), (600, 3543, 2362)]),
        ("148x105mm", [(72, 420, 298), (150, 874, 620), (300, 1748, 1240), (600, 3496, 2480)]),
        ("14.8x10.5cm", [(72, 420, 298), (150, 874, 620), (300, 1748, 1240), (600, 3496, 2480)]),
        ("8.5x11in", [(72, 612, 792), (150, 1275, 1650), (300, 2550, 3300), (600, 5100, 6600)]),
        ("210x297MM", [(72, 595, 842), (150, 1240, 1754), (300, 2480, 3508), (600, 4961, 7016)]),
        // Exact halves round up: 0.25 in at 150 dpi is 37.5 pixels; 1.27 mm at 300 dpi is exactly 15.
        ("0.5x0.25in", [(72, 36, 18), (150, 75, 38), (300, 150, 75), (600, 300, 150)]),
        ("1.27x2.54mm", [(72, 4, 7), (150, 8, 15), (300, 15, 30), (600, 30, 60)]),
    ] as [(String, [(Int, Int, Int)])])
    func physicalSizes(text: String, expected: [(Int, Int, Int)]) throws {
        for (dpi, width, height) in expected {
            let size = try PrintSize(parsing: text, dpi: dpi)
            #expect(size.pixels == PixelSize(width: width, height: height), "\(text) at \(dpi) dpi")
            #expect(size.dpi == dpi)
            #expect(size.unit.isPhysical)
        }
    }

    @Test func physicalSizesDefaultTo300DPI() throws {
        let size = try PrintSize(parsing: "6x4in")
        #expect(size.pixels == PixelSize(width: 1800, height: 1200))
        #expect(size.dpi == 300)
        #expect(size.unit == .inches)
        #expect(size.description == "1800x1200 at 300 dpi")
    }

    @Test("Papers by name, upright", arguments: [("A4", 300, 2480, 3508), ("a5", 150, 874, 1240), ("Letter", 300, 2550, 3300)])
    func papers(name: String, dpi: Int, width: Int, height: Int) throws {
        let size = try PrintSize(parsing: name, dpi: dpi)
        #expect(size.pixels == PixelSize(width: width, height: height))
        #expect(size.dpi == dpi)
    }

    @Test func pixelSizesRecordADPIOnlyWhenGiven() throws {
        let plain = try PrintSize(parsing: "1800x1200")
        #expect(plain == PrintSize(pixels: PixelSize(width: 1800, height: 1200)))
        #expect(plain.dpi == nil)
        #expect(plain.description == "1800x1200")
        let stated = try PrintSize(parsing: "1800x1200px", dpi: 150)
        #expect(stated.pixels == PixelSize(width: 1800, height: 1200))
        #expect(stated.dpi == 150)
        #expect(stated.unit == .pixels)
    }

    @Test("Malformed sizes are refused", arguments: [
        "", "1800", "1800x", "x1200", "1800x1200x3", "6x4 in", "6inx4in", "6x4ft", "6x4inch", "-6x4in", "6x-4in",
        "1.5x2", "18.0x12px", ".5x1in", "5.x1in", "1..5x1in", "six x four", "1e3x1e3", "1234567890x1cm", "6,5x4cm",
    ])
    func malformed(text: String) {
        #expect(throws: StyleError.badSize(text)) { try PrintSize(parsing: text) }
    }

    @Test func sidesOutsideOneTo16384PixelsAreRefused() throws {
        #expect(throws: StyleError.sizeOutOfRange("0x100", PixelSize(width: 0, height: 100))) { try PrintSize(parsing: "0x100") }
        #expect(throws: StyleError.sizeOutOfRange("16385x10", PixelSize(width: 16385, height: 10))) { try PrintSize(parsing: "16385x10") }
        // 60 in at 300 dpi is 18000 pixels; at 200 dpi it fits.
        #expect(throws: StyleError.sizeOutOfRange("60x40in", PixelSize(width: 18000, height: 12000))) { try PrintSize(parsing: "60x40in") }
        #expect(try PrintSize(parsing: "60x40in", dpi: 200).pixels == PixelSize(width: 12000, height: 8000))
        // A length that rounds to no pixel at all.
        #expect(try PrintSize(parsing: "0.1x0.1mm", dpi: 300).pixels == PixelSize(width: 1, height: 1))
        #expect(throws: StyleError.sizeOutOfRange("0.01x1mm", PixelSize(width: 0, height: 12))) { try PrintSize(parsing: "0.01x1mm", dpi: 300) }
        #expect(try PrintSize(parsing: "16384x1").pixels == PixelSize(width: 16384, height: 1))
    }

    @Test func resolutionsOutsideJFIFsRangeAreRefused() {
        #expect(throws: StyleError.dpiOutOfRange(0)) { try PrintSize(parsing: "6x4in", dpi: 0) }
        #expect(throws: StyleError.dpiOutOfRange(65536)) { try PrintSize(parsing: "10x10", dpi: 65536) }
        #expect(StyleError.dpiOutOfRange(0).description == "bad resolution 0 dpi: it must be 1 to 65535")
    }

    @Test("Gaps and margins", arguments: [
        ("0", nil, 0), ("12", nil, 12), ("12px", nil, 12), ("12PX", 300, 12), ("2mm", 300, 24), ("2mm", 600, 47),
        ("0.5cm", 300, 59), ("0.25in", 300, 75), ("0.125in", 72, 9), ("1.27mm", 300, 15), ("16384", nil, 16384),
    ] as [(String, Int?, Int)])
    func spacing(text: String, dpi: Int?, pixels: Int) throws {
        #expect(try Length(parsing: text).spacing(dpi: dpi) == pixels)
    }

    @Test func physicalSpacingNeedsAResolution() throws {
        let length = try Length(parsing: "2mm")
        #expect(throws: StyleError.lengthNeedsDPI("2mm")) { try length.spacing(dpi: nil) }
        #expect(StyleError.lengthNeedsDPI("2mm").description == "length '2mm' needs a resolution: give the size in in, cm or mm, or give --dpi")
        #expect(throws: StyleError.lengthOutOfRange("16385")) { try Length(parsing: "16385").spacing(dpi: nil) }
        #expect(throws: StyleError.dpiOutOfRange(0)) { try length.spacing(dpi: 0) }
        #expect(throws: StyleError.dpiOutOfRange(Int.max)) { try length.spacing(dpi: Int.max) }
        #expect(throws: StyleError.lengthOutOfRange("2000in")) { try Length(parsing: "2000in").spacing(dpi: 65535) }
        #expect(try Length(parsing: "14.80cm").description == "14.80cm")
        #expect(try Length(parsing: "0.05in").value == 0.05)
    }

    @Test("Malformed lengths are refused", arguments: ["", "px", "-2", "+2", "1.5", "1.5px", "2 mm", "2ft", "2m", ".5mm", "mm2", "2mmm", "1e2"])
    func malformedLength(text: String) {
        #expect(throws: StyleError.badLength(text)) { try Length(parsing: text) }
    }
}
