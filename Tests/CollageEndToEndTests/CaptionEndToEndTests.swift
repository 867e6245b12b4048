import CollageCodecs
import CollageCore
import CollageImaging
import CollageTestSupport
import Foundation
import Testing

/// Captions through the real executable, read back from the written file by OCR (tesseract),
/// measured on its pixels, and compared with HarfBuzz's own `hb-view`.
@Suite("Captions: placeholders, OCR, auto-fit, right-to-left", .timeLimit(.minutes(3)))
struct CaptionEndToEndTests {
    let photos = ["kite-dated.jpg", "bythewater.jpg", "coldripple.jpg"].map(Fixtures.path)
    /// A 900x600 collage: the caption's band is its bottom 75 pixels.
    let band = PixelRect(x: 0, y: 525, width: 900, height: 75)

    /// Builds into `out`, which the caller keeps (a `TemporaryDirectory` is removed when it goes).
    func build(_ arguments: [String], photos: [String]? = nil, in out: TemporaryDirectory) async throws -> (CollageCommand.Outcome, String) {
        let output = out.file("captioned.png")
        let result = try await CollageCommand.run(["build"] + (photos ?? self.photos) + ["--size", "900x600", "-o", output] + arguments)
        return (result, output)
    }

    @Test func namesAndTheExifDateAreReadBackByOCR() async throws {
        let out = try TemporaryDirectory()
        let (result, output) = try await build(["--caption", "Anna & Ben", "--caption", "{date:%d.%m.%Y} {{{photos} photos}}"], in: out)
        #expect(result.status == 0, "\(result.stderr)")
        let text = try await PrintedImage.ocr(try PrintedImage.pixels(output), in: band)
        #expect(text == ["Anna & Ben", "13.06.2026 {3 photos}"])
    }

    @Test func withoutAnExifDateTheDateIsTheSaveTime() async throws {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        let before = formatter.string(from: Date())
        let out = try TemporaryDirectory()
        let (result, output) = try await build(["--caption", "{date}"], photos: ["bythewater.jpg", "kite-dated.jpg"].map(Fixtures.path), in: out)
        let after = formatter.string(from: Date())
        #expect(result.status == 0, "\(result.stderr)")
        // The day the save happened on: the one the build began on, or the next across midnight.
        let text = try await PrintedImage.ocr(try PrintedImage.pixels(output), in: band)
        #expect(text == [before] || text == [after], "\(text), saved between \(before) and \(after)")
    }

    /// `{today}` is the day the collage is saved, even when the first photo carries an EXIF date
    /// (kite-dated.jpg says 13 June 2026): a booth's event text.
    @Test func todayIsTheSaveDayNotTheExifDate() async throws {
        let formatter = DateFormatter()
        formatter.dateFormat = "dd.MM.yyyy"
        let today = formatter.string(from: Date())
        let out = try TemporaryDirectory()
        let (result, output) = try await build(["--caption", "{today:%d.%m.%Y}"], in: out)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try await PrintedImage.ocr(try PrintedImage.pixels(output), in: band) == [today])
    }

    @Test func anUnknownPlaceholderIsAUsageErrorNamingIt() async throws {
        let out = try TemporaryDirectory()
        let (result, output) = try await build(["--caption", "Hello {name}"], in: out)
        #expect(result.status == 64)
        #expect(result.stderr.contains("unknown placeholder {name}"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func aCharacterNoFontHasIsLoggedAndTheRestDrawn() async throws {
        let out = try TemporaryDirectory()
        let (result, output) = try await build(["--caption", "Anna \u{E123} Ben"], in: out)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderrLines.contains { $0.contains("U+E123") && $0.contains("no installed font") })
        #expect(try await PrintedImage.ocr(try PrintedImage.pixels(output), in: band).first?.hasPrefix("Anna") == true)
    }

    @Test("Auto-fit: the largest size whose text stays inside the band", arguments: [
        ("The quick brown fox jumps over the lazy dog at the booth", true),
        ("Hi", false),
    ])
    func autoFitKeepsTheTextInsideTheBand(caption: String, widthLimited: Bool) async throws {
        let out = try TemporaryDirectory()
        let (result, output) = try await build(["--caption", caption, "--caption-color", "#ff00ff"], in: out)
        #expect(result.status == 0, "\(result.stderr)")
        let image = try PrintedImage.pixels(output)
        // Magenta, fully or partly covering white: none of the photos has it.
        let ink = try #require(PrintedImage.bounds(of: image) { $0.red > 200 && $0.blue > 200 && $0.green < 160 })
        #expect(ink.x >= band.x && ink.y >= band.y && ink.x + ink.width <= band.x + band.width && ink.y + ink.height <= band.y + band.height)
        if widthLimited {
            #expect(ink.width >= band.width * 85 / 100)
        } else {
            #expect(ink.height >= band.height / 2)  // "Hi" is cap height: about 0.73 em of a line of 1.16 em
        }
    }

    @Test func aForcedSizeAndAlignmentPlaceTheText() async throws {
        let out = try TemporaryDirectory()
        let (result, output) = try await build(["--caption", "left", "--caption-align", "left", "--caption-size", "30",
                                                   "--caption-position", "top", "--caption-color", "#ff00ff"], in: out)
        #expect(result.status == 0, "\(result.stderr)")
        let ink = try #require(PrintedImage.bounds(of: try PrintedImage.pixels(output)) { $0.red > 200 && $0.blue > 200 && $0.green < 160 })
        #expect(ink.y >= 0 && ink.y + ink.height <= 75)
        #expect(ink.x >= 6 && ink.x < 12)  // the inset: a twelfth of the band's height
        #expect((18...26).contains(ink.height))  // "left" at 30 pixels per em: cap and ascender heights
    }

    /// A right-to-left line holding a date, put in order by the Unicode bidi algorithm: the
    /// digits still read left to right (shaped as part of one right-to-left run they came out
    /// 6202.60.21). Read back by tesseract's Hebrew model, which gives the text in logical order.
    @Test func aHebrewLineKeepsItsDateLeftToRight() async throws {
        let out = try TemporaryDirectory()
        let (result, output) = try await build(["--caption", "חתונה 12.06.2026"], photos: [Fixtures.path("kite.jpg")], in: out)
        #expect(result.status == 0, "\(result.stderr)")
        let text = try await PrintedImage.ocr(try PrintedImage.pixels(output), in: band, languages: "heb+eng")
        #expect(text == ["חתונה 12.06.2026"])
    }

    /// The collage's caption against `hb-view` drawing the same string in the same font: the ink
    /// of each, scaled to one size, must correlate; the same glyphs in the wrong order must not.
    @Test func rightToLeftTextIsShapedAsHarfBuzzDrawsIt() async throws {
        let (same, wrongOrder) = try await compareWithHBView("שלום עולם", font: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                                                              expected: "--direction=rtl", wrong: "--direction=ltr")
        #expect(same > 0.9, "correlation with hb-view \(same)")
        #expect(wrongOrder < same - 0.2, "correlation with the reversed order \(wrongOrder), with hb-view \(same)")
    }

    /// Devanagari's conjuncts (क्ष, त्र) and its i-sign drawn before the consonant it follows, as
    /// HarfBuzz draws them; the same letters unshaped (HarfBuzz's fallback shaper) must not match.
    /// Through the default font, which has no Devanagari: the line falls back to the font
    /// fontconfig picks for Hindi, and is shaped in it.
    @Test func devanagariFallsBackAndIsShapedAsHarfBuzzDrawsIt() async throws {
        let picked = try await Shell.run("fc-match -f '%{file}' ':lang=hi'")
        let font = picked.text.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(picked.status == 0 && !font.isEmpty, "fc-match: \(picked.stderr)")
        let (same, unshaped) = try await compareWithHBView("क्षत्रिय नमस्ते", font: font, givingFont: false,
                                                            expected: "--direction=ltr", wrong: "--shapers=fallback")
        #expect(same > 0.9, "correlation with hb-view \(same)")
        #expect(unshaped < same - 0.1, "correlation with the unshaped letters \(unshaped), with hb-view \(same)")
    }

    /// Draws `text` as a 48-pixel caption (in `font`, or the default font unless `givingFont`) and with
    /// `hb-view` in `font` twice, with `expected` and `wrong` options: the correlations of the
    /// caption's ink with each.
    func compareWithHBView(_ text: String, font: String, givingFont: Bool = true, expected: String, wrong: String)
        async throws -> (expected: Double, wrong: Double) {
        let out = try TemporaryDirectory()
        let output = out.file("caption.png")
        let result = try await CollageCommand.run(["build", Fixtures.path("kite.jpg"), "--size", "800x800", "-o", output,
                                                   "--caption", text, "--caption-size", "48"] + (givingFont ? ["--font", font] : []))
        #expect(result.status == 0, "\(result.stderr)")
        let ours = try inkImage(try PrintedImage.pixels(output).cropped(to: PixelRect(x: 0, y: 700, width: 800, height: 100)))

        func hbView(_ option: String, _ name: String) async throws -> RGBImage {
            let file = out.file("hb-\(name).png")
            let run = try await Shell.run("hb-view --font-size=48 --margin=0 \(option) -O png -o \(Shell.quote(file)) \(Shell.quote(font)) \(Shell.quote(text))")
            #expect(run.status == 0, "\(run.stderr)")
            return try inkImage(try PrintedImage.pixels(file))
        }
        let reference = try await hbView(expected, "expected"), other = try await hbView(wrong, "wrong")
        #expect(abs(ours.width - reference.width) <= 2 && abs(ours.height - reference.height) <= 2, "\(ours.size) vs \(reference.size)")
        return (correlation(ours, reference), correlation(ours, other))
    }

    /// The dark part of `image`, cut to its bounds.
    func inkImage(_ image: RGBImage) throws -> RGBImage {
        image.cropped(to: try #require(PrintedImage.bounds(of: image) { $0.lumaThousandths < 200_000 }))
    }

    /// Pearson's correlation of two images' luma, the second scaled to the first's size.
    func correlation(_ a: RGBImage, _ b: RGBImage) -> Double {
        let b = b.resized(to: a.size)
        let x = (0..<a.size.area).map { Double(a[$0 % a.width, $0 / a.width].lumaThousandths) }
        let y = (0..<a.size.area).map { Double(b[$0 % b.width, $0 / b.width].lumaThousandths) }
        let (mx, my) = (x.reduce(0, +) / Double(x.count), y.reduce(0, +) / Double(y.count))
        let covariance = zip(x, y).reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) }
        let spread = (x.reduce(0) { $0 + ($1 - mx) * ($1 - mx) } * y.reduce(0) { $0 + ($1 - my) * ($1 - my) }).squareRoot()
        return covariance / spread
    }

    @Test func eachBoothCollageShowsItsNumber() async throws {
        let photos = try TemporaryDirectory()
        let watch = try RunningCollage(["watch", photos.path, "-o", photos.file("booth.png"), "--batches", "--grid", "1x1", "--size", "600x400",
                                        "--throttle", "0", "--caption", "No {n:04}"])
        try Fixtures.copy("autumn.jpg", to: photos.file("autumn.jpg"))
        try await watch.waitFor("collage: wrote \(photos.file("booth-0001.png")) (600x400, 1 photo)")
        try Fixtures.copy("kite.jpg", to: photos.file("kite.jpg"))
        try await watch.waitFor("collage: wrote \(photos.file("booth-0002.png")) (600x400, 1 photo)")
        watch.signal(SIGTERM)
        #expect(await watch.status == 143)
        let band = PixelRect(x: 0, y: 350, width: 600, height: 50)
        #expect(try await PrintedImage.ocr(try PrintedImage.pixels(photos.file("booth-0001.png")), in: band) == ["No 0001"])
        #expect(try await PrintedImage.ocr(try PrintedImage.pixels(photos.file("booth-0002.png")), in: band) == ["No 0002"])
    }
}
