import CollageCanvas
import CollageImaging
import Testing

/// `--size` and `--dpi` as the argument parser parses them, each alone: what is refused there,
/// with its line, and what waits for the other (a physical size's pixels need the resolution).
@Suite("--size and --dpi parsed alone")
struct RequestedSizeTests {
    @Test("Sizes as typed", arguments: [
        ("1800x1200", LengthUnit.pixels, "1800", "1200"), ("6x4in", .inches, "6in", "4in"), ("14.8x10.5CM", .centimetres, "14.8cm", "10.5cm"),
        ("A4", .millimetres, "210mm", "297mm"), ("letter", .inches, "8.5in", "11in"), ("16384x1", .pixels, "16384", "1"),
    ])
    func goodSizes(text: String, unit: LengthUnit, width: String, height: String) throws {
        let size = try RequestedSize(parsing: text)
        #expect(size.unit == unit)
        #expect(size.width.description == width && size.height.description == height)
        #expect(size.description == text)
    }

    @Test("Refused with their lines", arguments: [
        ("wide", "bad size 'wide': use WIDTHxHEIGHT in pixels (1800x1200) or with a unit: 6x4in, 15x10cm, 148x105mm"),
        ("6x4ft", "bad size '6x4ft': use WIDTHxHEIGHT in pixels (1800x1200) or with a unit: 6x4in, 15x10cm, 148x105mm"),
        ("0x10", "size '0x10' is 0x10 pixels: each side must be 1 to 16384"),
        ("16385x10", "size '16385x10' is 16385x10 pixels: each side must be 1 to 16384"),
    ])
    func badSizes(text: String, line: String) {
        let error = #expect(throws: StyleError.self) { try RequestedSize(parsing: text) }
        #expect(error?.description == line)
    }

    /// 60x40 in is 18000 pixels wide at 300 dpi, and 12000 at 200: refused only with the resolution.
    @Test func aPhysicalSizeIsCheckedWithItsResolution() throws {
        let size = try RequestedSize(parsing: "60x40in")
        #expect(throws: StyleError.sizeOutOfRange("60x40in", PixelSize(width: 18000, height: 12000))) { try PrintSize(size, dpi: nil) }
        #expect(try PrintSize(size, dpi: 200).pixels == PixelSize(width: 12000, height: 8000))
    }

    @Test func theDefaultIsTheBooksCanvas() throws {
        #expect(RequestedSize.standard == (try RequestedSize(parsing: "1800x1200")))
        #expect(try PrintSize(RequestedSize.standard, dpi: nil) == PrintSize(pixels: PixelSize(width: 1800, height: 1200)))
        #expect(Length(pixels: 0) == (try Length(parsing: "0")))
    }

    @Test func resolutions() throws {
        #expect(try PrintSize.resolution(parsing: "300") == 300)
        #expect(try PrintSize.resolution(parsing: "65535") == 65535)
        #expect(throws: StyleError.dpiOutOfRange(0)) { try PrintSize.resolution(parsing: "0") }
        #expect(throws: StyleError.dpiOutOfRange(65536)) { try PrintSize.resolution(parsing: "65536") }
        for text in ["", "-300", "+300", "300dpi", "3e2", "99999999999999999999"] {
            #expect(throws: StyleError.badResolution(text)) { try PrintSize.resolution(parsing: text) }
        }
        #expect(StyleError.badResolution("300dpi").description == "bad resolution '300dpi': give whole dots per inch, 1 to 65535")
    }
}
