import CollageCanvas
import CollageCore
import CollageImaging
import Testing

@Suite("Tile labels: a strip of each cell, text fitted, long names elided in the middle")
struct TileLabelTests {
    let label = TileLabel(template: try! CaptionTemplate(parsing: "{n}. {name}", forLabel: true))

    /// A monospaced stand-in for the text stack: every character half an em wide.
    static func measure(_ text: String, _ pixels: Int) -> LineExtent {
        LineExtent(width: Double(text.count * pixels) / 2, ascent: Double(pixels) * 0.8, descent: Double(pixels) * 0.2)
    }

    @Test func theStripIsTakenFromTheCellAtTheBottomOrTop() {
        let cell = PixelRect(x: 10, y: 20, width: 300, height: 200)
        let bottom = label.split(cell)
        #expect(bottom.photo == PixelRect(x: 10, y: 20, width: 300, height: 176))
        #expect(bottom.strip == PixelRect(x: 10, y: 196, width: 300, height: 24))
        var top = label
        top.position = .top
        #expect(top.split(cell).strip == PixelRect(x: 10, y: 20, width: 300, height: 24))
        #expect(top.split(cell).photo == PixelRect(x: 10, y: 44, width: 300, height: 176))
        // A small cell still gets a readable strip; a tall one, a strip as for its width.
        #expect(label.split(PixelRect(x: 0, y: 0, width: 50, height: 40)).strip.height == TileLabel.minimumStrip)
        #expect(label.split(PixelRect(x: 0, y: 0, width: 400, height: 800)).strip.height == 60)
    }

    @Test func placeholdersNameTheNumberAndSize() throws {
        let values = CaptionValues(date: DateFields(year: 2026, month: 6, day: 3), number: 12, photos: 6, name: "kite.jpg",
                                   size: PixelSize(width: 4032, height: 3024))
        #expect(label.template.text(with: values) == "12. kite.jpg")
        #expect(try CaptionTemplate(parsing: "{size} {date}", forLabel: true).text(with: values) == "4032x3024 2026-06-03")
        #expect(throws: CaptionError.unknownPlaceholder("name", in: "{name}")) { try CaptionTemplate(parsing: "{name}") }
    }

    @Test func aShortNameTakesTheLargestSizeThatFits() {
        let strip = PixelSize(width: 300, height: 24)
        let (text, pixels) = TileLabel.fit("kite.jpg", in: strip, measure: Self.measure)
        #expect(text == "kite.jpg")
        // The inset is 2 pixels a side: 20 pixels of height for ascent and descent.
        #expect(pixels == 20)
    }

    @Test func aLongNameShrinksThenLosesItsMiddle() {
        let strip = PixelSize(width: 100, height: 24)
        let name = "wedding-ceremony-by-the-lake-0042.jpg"
        let (text, pixels) = TileLabel.fit(name, in: strip, measure: Self.measure)
        #expect(pixels == 9)  // 40 % of the strip: the smallest before elision
        // 21 characters of 4.5 pixels fill 94.5 of the 96 pixels inside the inset: the start and the end.
        #expect(text == "wedding-ce…e-0042.jpg")
        #expect(CaptionLayout.fits([Self.measure(text, pixels)], in: strip))
        // One character more would not fit: no more is dropped than needed.
        #expect(!CaptionLayout.fits([Self.measure(text + "x", pixels)], in: strip))
        // Between the two: shrunk, not elided.
        let shrunk = TileLabel.fit("kite-042.jpg", in: strip, measure: Self.measure)
        #expect(shrunk.text == "kite-042.jpg")
        #expect(shrunk.pixels == 16)
    }
}
