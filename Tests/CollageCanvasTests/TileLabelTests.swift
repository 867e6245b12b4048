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
        let values = CaptionValues(date: DateFields(year: 2026, month: 6, day: 3), today: DateFields(year: 2027, month: 1, day: 2),
                                   number: 12, photos: 6, name: "kite.jpg",
                                   size: PixelSize(width: 4032, height: 3024))
        #expect(label.template.text(with: values) == "12. kite.jpg")
        #expect(try CaptionTemplate(parsing: "{size} {date}", forLabel: true).text(with: values) == "4032x3024 2026-06-03")
        #expect(throws: CaptionError.unknownPlaceholder("name", in: "{name}")) { try CaptionTemplate(parsing: "{name}") }
        // A label's unknown placeholder lists what a label knows, {today} among them.
        #expect(throws: CaptionError.unknownLabelPlaceholder("file", in: "{file}")) { try CaptionTemplate(parsing: "{file}", forLabel: true) }
        for known in ["{name}", "{n}", "{size}", "{date}", "{time}", "{today}", "{photos}"] {
            #expect(CaptionError.unknownLabelPlaceholder("file", in: "{file}").description.contains(known))
        }
        #expect(CaptionError.unknownPlaceholder("name", in: "{name}").description.contains("{today}"))
    }

    @Test func aShortNameTakesTheLargestSizeThatFits() {
        let strip = PixelSize(width: 300, height: 24)
        let (text, pixels) = TileLabel.fit(LabelLine(stem: "kite.jpg"), in: strip, measure: Self.measure)
        #expect(text == "kite.jpg")
        // The inset is 2 pixels a side: 20 pixels of height for ascent and descent.
        #expect(pixels == 20)
    }

    @Test func aLongNameShrinksThenLosesItsMiddle() {
        let strip = PixelSize(width: 100, height: 24)
        let name = LabelLine(stem: "wedding-ceremony-by-the-lake-0042", tail: ".jpg")
        let (text, pixels) = TileLabel.fit(name, in: strip, measure: Self.measure)
        #expect(pixels == 9)  // 40 % of the strip: the smallest before elision
        // 21 characters of 4.5 pixels fill 94.5 of the 96 pixels inside the inset: the name's
        // start and end, and its extension whole.
        #expect(text == "wedding-…ake-0042.jpg")
        #expect(CaptionLayout.fits([Self.measure(text, pixels)], in: strip))
        // One character more would not fit: no more is dropped than needed.
        #expect(!CaptionLayout.fits([Self.measure(text + "x", pixels)], in: strip))
        // Between the two: shrunk, not elided.
        let shrunk = TileLabel.fit(LabelLine(stem: "kite-042.jpg"), in: strip, measure: Self.measure)
        #expect(shrunk.text == "kite-042.jpg")
        #expect(shrunk.pixels == 16)
    }

    /// Values for a label of a photo named `name`, with or without a date of its own.
    static func values(_ name: String, date: DateFields? = nil) -> CaptionValues {
        CaptionValues(date: date, today: DateFields(year: 2027, month: 1, day: 2), number: 12, photos: 20, name: name,
                      size: PixelSize(width: 4032, height: 3024))
    }

    @Test func aLongLabelLosesTheMiddleOfItsNameAndKeepsTheRest() throws {
        let template = try CaptionTemplate(parsing: "{n}. {name} {size} {date}", forLabel: true)
        let line = template.line(with: Self.values("wedding-ceremony-by-the-lake-0042.jpg", date: DateFields(year: 2026, month: 11, day: 27)))
        #expect(line == LabelLine(head: "12. ", stem: "wedding-ceremony-by-the-lake-0042", tail: ".jpg 4032x3024 2026-11-27"))
        let strip = PixelSize(width: 200, height: 24)
        let (text, pixels) = TileLabel.fit(line, in: strip, measure: Self.measure)
        #expect(pixels == 9)
        #expect(text.hasPrefix("12. wedding"))
        #expect(text.hasSuffix("0042.jpg 4032x3024 2026-11-27"))
        #expect(text.contains(TileLabel.ellipsis))
        #expect(CaptionLayout.fits([Self.measure(text, pixels)], in: strip))
        // No more of the name is dropped than needed.
        #expect(!CaptionLayout.fits([Self.measure(text + "x", pixels)], in: strip))
        // When even the name's "…" leaves the line too wide, the line's own middle goes.
        let narrow = TileLabel.fit(line, in: PixelSize(width: 60, height: 24), measure: Self.measure)
        #expect(narrow.text.hasPrefix("12. "))
        #expect(narrow.text.hasSuffix("11-27"))
    }

    @Test func aPhotoWithoutADateLeavesItOutNeverTheDayOfTheRun() throws {
        let template = try CaptionTemplate(parsing: "{name} {date}", forLabel: true)
        #expect(template.line(with: Self.values("kite.jpg")).text == "kite.jpg")
        #expect(template.line(with: Self.values("kite.jpg", date: DateFields(year: 2026, month: 6, day: 3))).text == "kite.jpg 2026-06-03")
        #expect(try CaptionTemplate(parsing: "{date} {n}", forLabel: true).line(with: Self.values("kite.jpg")).text == "12")
        // {today} is the run's day, asked for by name.
        #expect(try CaptionTemplate(parsing: "{name} {today}", forLabel: true).line(with: Self.values("kite.jpg")).text == "kite.jpg 2027-01-02")
    }

    @Test func everyLabelOfASheetTakesOneSize() {
        let strips = Array(repeating: PixelSize(width: 200, height: 24), count: 3)
        let lines = [LabelLine(stem: "kite", tail: ".jpg"), LabelLine(stem: "a-rather-longer-name", tail: ".jpg"),
                     LabelLine(stem: "wedding-ceremony-by-the-lake-0042", tail: ".jpg")]
        let alone = lines.map { TileLabel.fit($0, in: strips[0], measure: Self.measure).pixels }
        #expect(Set(alone).count == 3)  // alone, each would take its own size
        let sheet = TileLabel.fit(lines, in: strips, measure: Self.measure)
        #expect(Set(sheet.map(\.pixels)) == [alone.min()])
        #expect(sheet.map(\.text) == lines.map(\.text))
    }

    /// Issue 34: a 12,000-character label took 31 s, shaped once per character dropped. The cut
    /// is found by bisection: the measurements are counted, a few dozen, not thousands.
    @Test func aVeryLongLabelIsElidedInAFewMeasurements() {
        let line = LabelLine(head: "1. ", stem: String(repeating: "x", count: 12_000), tail: ".jpg")
        var measured = 0
        let (text, pixels) = TileLabel.fit(line, in: PixelSize(width: 200, height: 24)) { text, pixels in
            measured += 1
            return Self.measure(text, pixels)
        }
        #expect(text.hasPrefix("1. xx") && text.hasSuffix("x.jpg") && text.contains(TileLabel.ellipsis))
        #expect(CaptionLayout.fits([Self.measure(text, pixels)], in: PixelSize(width: 200, height: 24)))
        #expect(measured <= 40, "\(measured) measurements")
    }
}
