import CollageCanvas
import CollageImaging
import CollageText
import Testing

/// The real text stack (fontconfig, HarfBuzz, FreeType) on the fonts Debian installs.
@Suite struct FontTypesetterTests {
    let typesetter: FontTypesetter

    init() throws {
        typesetter = try FontTypesetter(font: CaptionStyle.defaultFont)
    }

    @Test func theDefaultFontIsDejaVuSansFoundByFontconfig() {
        #expect(typesetter.file.hasSuffix("DejaVuSans.ttf"))
    }

    @Test func aBoldPatternAndAFilePathFindTheirFonts() throws {
        #expect(try FontTypesetter(font: "DejaVu Sans:bold").file.hasSuffix("DejaVuSans-Bold.ttf"))
        let path = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
        #expect(try FontTypesetter(font: path).file == path)
    }

    @Test func aFileThatIsNotAFontIsRefusedNamingIt() {
        #expect(throws: TextError.self) { try FontTypesetter(font: "/etc/hostname") }
    }

    @Test func kerningMakesAVNarrowerThanItsLetters() throws {
        let pair = try typesetter.extent(of: "AV", pixels: 100).width
        let apart = try typesetter.extent(of: "A", pixels: 100).width + typesetter.extent(of: "V", pixels: 100).width
        #expect(pair < apart - 1)
    }

    @Test func extentsScaleWithTheSize() throws {
        let small = try typesetter.extent(of: "Anna & Ben", pixels: 20), large = try typesetter.extent(of: "Anna & Ben", pixels: 40)
        #expect(abs(large.width - 2 * small.width) < 2)
        #expect(abs(large.ascent - 2 * small.ascent) < 1)
    }

    @Test func drawnTextIsAntiAliasedInk() throws {
        let mask = try typesetter.draw([PlacedLine(text: "Hello", x: 4, baseline: 40)], pixels: 40, size: PixelSize(width: 140, height: 50))
        let ink = try #require(mask.inkBounds)
        #expect(ink.y + ink.height <= 41 && ink.y >= 5 && ink.x >= 4)
        #expect(mask.coverage.contains(255))
        #expect(mask.coverage.contains { $0 > 0 && $0 < 255 })
    }

    @Test func arabicIsShapedRightToLeftIntoJoinedForms() throws {
        // Joined Arabic letters are narrower than the same letters in isolated forms.
        let word = try typesetter.extent(of: "سلام", pixels: 60).width
        let letters = try ["س", "ل", "ا", "م"].reduce(0.0) { $0 + (try typesetter.extent(of: $1, pixels: 60).width) }
        #expect(word < letters - 5)
    }

    @Test func aCharacterTheFontLacksFallsBackThroughFontconfig() throws {
        // DejaVu has no CJK: fontconfig's fallback (Droid Sans Fallback on Debian) draws it.
        #expect(try typesetter.missing(in: "東京 2026") == [])
        let mask = try typesetter.draw([PlacedLine(text: "東", x: 2, baseline: 40)], pixels: 40, size: PixelSize(width: 50, height: 50))
        #expect(mask.inkBounds != nil)
    }

    @Test func aCharacterNoFontHasIsReportedNotDropped() throws {
        #expect(try typesetter.missing(in: "a\u{E123}b") == ["\u{E123}"])
    }
}
