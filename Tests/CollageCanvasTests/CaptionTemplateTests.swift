import CollageCanvas
import CollageCore
import Testing

@Suite struct CaptionTemplateTests {
    let values = CaptionValues(date: DateFields(year: 2026, month: 6, day: 3, hour: 15, minute: 4, second: 9),
                               today: DateFields(year: 2027, month: 11, day: 25, hour: 20, minute: 1, second: 2), number: 7, photos: 4)

    @Test(arguments: [
        ("Anna & Ben", "Anna & Ben"),
        ("{date}", "2026-06-03"),
        ("{time}", "15:04"),
        ("{date:%d.%m.%Y}", "03.06.2026"),
        // A caption's %e is the day without strftime's padding: no double space on days 1 to 9.
        ("{date:%A %e %B %y}", "Wednesday 3 June 26"),
        ("{date:%e.%m. %%e}", "3.06. %e"),
        ("{time:%I:%M:%S %p}", "03:04:09 PM"),
        ("{date:%a %b %j %F %T %R %D %%}", "Wed Jun 154 2026-06-03 15:04:09 15:04 06/03/26 %"),
        ("{today}", "2027-11-25"),
        ("{today:%d.%m.%Y %H:%M}", "25.11.2027 20:01"),
        ("Anna & Ben · {today:%e %B %Y}", "Anna & Ben · 25 November 2027"),
        ("#{n} of {photos}", "#7 of 4"),
        ("{n:04}", "0007"),
        ("{{literal}} }}", "{literal} }"),
        ("", ""),
    ])
    func fillsPlaceholders(source: String, expected: String) throws {
        #expect(try CaptionTemplate(parsing: source).text(with: values) == expected)
    }

    /// The booth's shipped caption (docs/booth.toml) on every day of a month: one space
    /// between its words, whatever the day.
    @Test func theShippedCaptionHasOneSpaceBetweenWordsOnEveryDay() throws {
        let caption = try CaptionTemplate(parsing: "Anna & Ben · {today:%e %B %Y}")
        for day in 1...31 {
            let text = caption.text(with: CaptionValues(date: nil, today: DateFields(year: 2026, month: 5, day: day), number: 1, photos: 4))
            #expect(text == "Anna & Ben · \(day) May 2026" && !text.contains("  "))
        }
    }

    @Test func anUnknownPlaceholderIsRefusedByName() {
        #expect(throws: CaptionError.unknownPlaceholder("name", in: "Hi {name}")) { try CaptionTemplate(parsing: "Hi {name}") }
        #expect(CaptionError.unknownPlaceholder("name", in: "Hi {name}").description.contains("{name}"))
    }

    @Test(arguments: ["{date", "a } b", "{date:%Q}", "{n:x}", "{n:123}", "{photos:3}", "{time:%}", "{today:%Q}"])
    func malformedCaptionsAreRefused(source: String) {
        #expect(throws: CaptionError.self) { try CaptionTemplate(parsing: source) }
    }

    /// montage's `-label '%f'` printed "%f" under every photo: a `%` and a letter in a label is
    /// refused, naming the placeholder to use; a caption's `%` stays text, as does `100 %`.
    @Test func aLabelWithMontagesEscapeIsRefusedNamingThePlaceholder() throws {
        #expect(throws: CaptionError.montageEscape("%f", in: "%f")) { try CaptionTemplate(parsing: "%f", forLabel: true) }
        #expect(throws: CaptionError.montageEscape("%w", in: "{n} %wx%h")) { try CaptionTemplate(parsing: "{n} %wx%h", forLabel: true) }
        #expect(CaptionError.montageEscape("%f", in: "%f").description.contains("write {name} for it"))
        #expect(try CaptionTemplate(parsing: "{n} 100 % {date:%d.%m}", forLabel: true).pieces.count == 3)
        #expect(try CaptionTemplate(parsing: "50%off").pieces == [.text("50%off")])
    }

    @Test func bracesAroundPlaceholdersAreLiteral() throws {
        #expect(try CaptionTemplate(parsing: "{{{n}}}").pieces == [.text("{"), .number(width: 0), .text("}")])
    }

    @Test func positionAndAlignmentAcceptBothSpellings() throws {
        #expect(try CaptionStyle.Alignment(parsing: "center") == .centre)
        #expect(try CaptionStyle.Alignment(parsing: "Centre") == .centre)
        #expect(try CaptionStyle.Position(parsing: "TOP") == .top)
        #expect(throws: CaptionError.badAlignment("middle")) { try CaptionStyle.Alignment(parsing: "middle") }
    }
}

@Suite struct DateFieldsTests {
    @Test func readsExifDateTimeOriginal() {
        #expect(DateFields(exif: "2026:06:13 15:42:07") == DateFields(year: 2026, month: 6, day: 13, hour: 15, minute: 42, second: 7))
    }

    @Test(arguments: ["0000:00:00 00:00:00", "    :  :     :  :  ", "2026-06-13 15:42:07", "2026:13:01 00:00:00", "2026:06:13"])
    func refusesWhatIsNotADate(text: String) {
        #expect(DateFields(exif: text) == nil)
    }

    @Test(arguments: [(2000, 1, 1, 6), (2024, 2, 29, 4), (2026, 11, 23, 1), (1970, 1, 1, 4)])
    func knowsTheWeekday(year: Int, month: Int, day: Int, weekday: Int) {
        #expect(DateFields(year: year, month: month, day: day).weekday == weekday)
    }

    @Test func countsTheDayOfTheYearAcrossLeapYears() {
        #expect(DateFields(year: 2024, month: 3, day: 1).dayOfYear == 61)
        #expect(DateFields(year: 2026, month: 3, day: 1).dayOfYear == 60)
        #expect(DateFields(year: 2000, month: 12, day: 31).dayOfYear == 366)
    }
}
