import CollageCodecs
import CollageCore
import ArgumentParser
import CollageCanvas
import CollageImaging
import CollagePipeline
import CollageServer
import Foundation
import Testing
@testable import collage

/// The commands' arguments parsed alone, as swift-argument-parser's own tests do: what each
/// option becomes, and what `validate()` refuses, without running anything.
@Suite("Parsing alone: what build, inspect and watch make of their arguments", .timeLimit(.minutes(2)))
struct CommandParsingTests {
    @Test func buildTakesPhotosInOrderAndAnOutputWhoseExtensionPicksTheFormat() throws {
        let build = try Collage.Build.parse(["b.png", "a.jpg", "-o", "out.PNG", "--dry-run", "--limit", "4"])
        #expect(build.inputs.photos.map(\.description) == ["b.png", "a.jpg"])
        #expect(build.output.resolvedFormat == .png)
        #expect(build.dryRun)
        #expect(build.rules.limit == 4)
        #expect(try Collage.Build.parse(["a.jpg"]).output.resolvedFormat == .jpeg)  // collage.jpg
    }

    /// `--similarity`'s documented default: 12, halfway between copies and other captures
    /// (`SamePhotoTests` measures both sides).
    @Test func theSimilarityDefaultIsTwelve() throws {
        #expect(try Collage.Build.parse(["a.jpg"]).rules.similarity == 12)
        #expect(try Collage.Watch.parse(["photos"]).rules.similarity == 12)
    }

    @Test func buildRefusesWhatCannotWork() {
        #expect(throws: (any Error).self) { try Collage.Build.parse(["-o", "out.jpg"]) }  // no photo
        #expect(throws: (any Error).self) { try Collage.Build.parse(["a.jpg", "-o", "-", "--json"]) }  // two writers of stdout
        #expect(throws: (any Error).self) { try Collage.Build.parse(["a.jpg", "-o", "out.gif"]) }  // no such format
        #expect(throws: (any Error).self) { try Collage.Build.parse(["a.jpg", "--max-pixels", "0"]) }
    }

    @Test func readLimitsBecomeOneValue() throws {
        let inspect = try Collage.Inspect.parse(["--max-pixels", "1000", "--max-file-size", "2K", "a.jpg"])
        #expect(inspect.inputs.limits.readLimits == ReadLimits(decode: DecodeLimits(maximumPixels: 1000), maximumFileBytes: 2048))
        #expect(try Collage.Inspect.parse(["a.jpg"]).inputs.limits.readLimits == ReadLimits())
        let watch = try Collage.Watch.parse(["photos", "--max-memory", "512M"])
        #expect(watch.limits.readLimits.decode.maximumDecodeBytes == 512 << 20)
        #expect(ReadLimits().decode.maximumDecodeBytes == 1 << 30)
    }

    @Test func watchTakesAFolderAThrottleAndBatches() throws {
        let watch = try Collage.Watch.parse(["photos", "--throttle", "2", "--batches", "-o", "prints/booth.jpg"])
        #expect(watch.folder?.description == "photos")
        #expect(watch.throttle.duration == .seconds(2))
        #expect(watch.batches)
        #expect(watch.output.output.description == "prints/booth.jpg")
        #expect(throws: (any Error).self) { try Collage.Watch.parse([]) }
    }

    /// Each value is parsed once, by the parser, into the library's type.
    @Test func valuesArriveTyped() throws {
        let build = try Collage.Build.parse([
            "a.jpg", "--size", "6x4in", "--dpi", "150", "--gap", "2mm", "--background", "#f80", "--grid", "1x4", "--crop", "center",
            "--caption", "{n:04}", "--caption-position", "TOP", "--caption-align", "right", "--caption-size", "12", "--label", "{name}",
            "--repeat", "2x1", "--cut-marks", "--print", "lp -n {copies} {path}",
        ])
        let layout = build.look.layout
        #expect(layout.size == (try RequestedSize(parsing: "6x4in")))
        #expect(layout.dpi == 150)
        #expect(layout.gap == (try Length(parsing: "2mm")))
        #expect(layout.grid == .fixed(columns: 1, rows: 4))
        #expect(layout.crop == .centre)
        #expect(layout.caption == [try CaptionTemplate(parsing: "{n:04}")])
        #expect(layout.captionPosition == .top)
        #expect(layout.label == (try CaptionTemplate(parsing: "{name}", forLabel: true)))
        #expect(layout.repeatCopies == SheetLayout(columns: 2, rows: 1))
        #expect(build.look.background == RGB(hex: 0xFF8800))
        #expect(build.printing.printCommand == (try PrintCommand(parsing: "lp -n {copies} {path}")))
        let style = try build.look.style()
        #expect(style.caption?.alignment == .right && style.caption?.size == 12 && style.caption?.position == .top)
        #expect(style.sheet?.cutMarks == true)
        #expect(style.gap == 12)  // 2 mm at 150 dpi
        let watch = try Collage.Watch.parse(["photos", "--serve", "0.0.0.0:8090", "--public-url", "http://booth.local:8090/"])
        #expect(watch.serving.settings(batches: true)?.address == ServeAddress(host: "0.0.0.0", port: 8090))
        #expect(watch.serving.settings(batches: true)?.publicURL == "http://booth.local:8090")
    }

    /// The defaults `--help` states in words (options parsed by the library's parser state them
    /// themselves) are the defaults.
    @Test func theDefaultsHelpStatesAreTheDefaults() throws {
        let plain = try Collage.Build.parse(["a.jpg"]).look
        let stated = try Collage.Build.parse([
            "a.jpg", "--size", "1800x1200", "--gap", "0", "--margin", "0", "--background", "white", "--grid", "auto", "--caption-color", "black",
            "--crop", "centre", "--fit", "cover", "--caption-position", "bottom", "--caption-align", "centre", "--label-position", "bottom", "--font", "DejaVu Sans",
        ]).look
        #expect(try plain.printSize() == stated.printSize())
        #expect(try plain.style() == stated.style())
        let help = Collage.Build.helpMessage(columns: 1000)
        for (option, value) in [("--size <WxH[unit]>", "1800x1200"), ("--gap <length>", "0"), ("--margin <length>", "0"),
                                ("--background <colour>", "white"), ("--grid <grid>", "auto"), ("--caption-color <colour>", "black")] {
            let start = try #require(help.range(of: "  \(option)"))
            let rest = help[start.upperBound...]
            let entry = rest[..<(rest.range(of: "\n  -")?.lowerBound ?? rest.endIndex)]
            #expect(entry.hasSuffix("(default: \(value))"), "\(entry)")
        }
    }

    /// `inspect` plans tiles and crops: it offers what moves them, not what only paints them.
    @Test func inspectOffersOnlyWhatChangesWhatItShows() throws {
        let help = Collage.Inspect.helpMessage(columns: 1000)
        for offered in ["--size", "--dpi", "--gap", "--margin", "--grid", "--crop", "--fit", "--caption", "--caption-position", "--label", "--label-position",
                        "--logo", "--repeat", "--limit", "--accept", "--similarity", "--json"] {
            #expect(help.contains("  \(offered) "), "\(offered)")
        }
        for paintOnly in ["--background", "--font", "--overlay", "--background-image", "--caption-color", "--caption-align", "--caption-size",
                          "--cut-marks", "--quiet", "--preview", "--print", "--output"] {
            #expect(!help.contains(paintOnly + " "), "\(paintOnly)")
            #expect(throws: (any Error).self) { try Collage.Inspect.parse(["a.jpg", paintOnly, "x"]) }
        }
    }

    /// A negative number is a value, so the refusal names the option's range (not "Missing value
    /// for '--similarity'", as when `-1` was read as an option).
    @Test(arguments: [
        ["build", "a.jpg", "--similarity", "-1"], ["build", "a.jpg", "--limit", "-1"], ["build", "a.jpg", "--quality", "-5"],
        ["build", "a.jpg", "--png-compression", "-1"], ["build", "a.jpg", "--max-pixels", "-1"], ["build", "a.jpg", "--print", "lp {path}", "--copies", "-1"],
        ["watch", "photos", "--print", "lp {path}", "--print-timeout", "-1"], ["watch", "photos", "--print", "lp {path}", "--max-prints", "-1"],
        ["watch", "photos", "--serve", "0", "--serve-max-clients", "-1"], ["watch", "photos", "--serve", "0", "--serve-idle-timeout", "-1"],
    ])
    func aNegativeNumberIsRefusedWithItsRange(arguments: [String]) {
        do {
            _ = try Collage.parseAsRoot(arguments)
            Issue.record("\(arguments) was accepted")
        } catch {
            let message = Collage.message(for: error)
            #expect(message.contains("must be"), "\(message)")
            #expect(!message.contains("Missing value"), "\(message)")
        }
    }

    /// Every duration option reads `DurationText`'s syntax, and its help says its default in
    /// seconds as it always has (`(default: 60)`, not `60.0`).
    @Test func aDurationOptionReadsUnitsAndShowsItsDefaultInSeconds() throws {
        let watch = try Collage.Watch.parse(["photos", "--throttle", "250ms", "--print", "lp {path}", "--print-timeout", "2m"])
        #expect(watch.throttle.duration == .milliseconds(250) && watch.printing.printTimeout.duration == .seconds(120))
        #expect(DurationValue(.seconds(60)).defaultValueDescription == "60")
        #expect(DurationValue(.milliseconds(500)).defaultValueDescription == "0.5")
        #expect(Collage.Watch.helpMessage(columns: 10_000).contains("(default: 15)"))
    }

    /// A `--public-url` too long for the downloads' QR codes is refused before the booth starts,
    /// not answered with a page that cannot be drawn (500).
    @Test func aPublicURLTooLongForItsQRCodesIsRefused() throws {
        let long = "http://booth.example/" + String(repeating: "a", count: 2000)
        #expect(throws: (any Error).self) { try Collage.Watch.parse(["photos", "--serve", "0", "--public-url", long]) }
        let fits = "http://booth.example/" + String(repeating: "a", count: 200)
        #expect(try Collage.Watch.parse(["photos", "--serve", "0", "--public-url", fits]).serving.publicURL?.base == fits)
    }

    /// A proof sheet (`--label`) shows each photo whole (contain), apart from its neighbours (a
    /// gap of 1 % of the shorter side), its fixed grid's cells of boxes from 4:3 to 3:2; each can
    /// be asked for otherwise. Without a label: cover, no gap, cells sharing the canvas.
    @Test func aProofSheetDefaultsToWholePhotosApartInPhotoShapedBoxes() throws {
        let proof = try Collage.Build.parse(["a.jpg", "--label", "{name}", "--grid", "5x4", "--size", "2480x3508"]).look.style()
        #expect(proof.fit == .contain && proof.gap == 24 && proof.margin == 24 && proof.cellShapes == CollageStyle.photoShapes)
        let asked = try Collage.Build.parse(["a.jpg", "--label", "{name}", "--grid", "5x4", "--fit", "cover", "--gap", "0"]).look.style()
        let margin = try Collage.Build.parse(["a.jpg", "--label", "{name}", "--margin", "0"]).look.style()
        #expect(margin.margin == 0 && margin.gap == 12)
        #expect(asked.fit == .cover && asked.gap == 0)
        let plain = try Collage.Build.parse(["a.jpg", "--grid", "5x4"]).look.style()
        #expect(plain.fit == .cover && plain.gap == 0 && plain.margin == 0 && plain.cellShapes == nil)
        #expect(try Collage.Build.parse(["a.jpg", "--label", "{name}"]).look.style().cellShapes == nil)  // auto grid
        #expect(throws: (any Error).self) { try Collage.Build.parse(["a.jpg", "--fit", "fill"]) }
    }

    /// A paper named alone lies the way the grid fills more (`A4` with a 5x4 proof sheet:
    /// landscape, said in the options the reports read); `--portrait`, `A4-portrait`, its sides
    /// (`210x297mm`) or `--landscape` fix it; a strip keeps A6 upright; `inspect` lays it alike.
    @Test("How a paper is laid", arguments: [
        (["--size", "A4", "--grid", "5x4", "--label", "{n}"], PixelSize(width: 3508, height: 2480), "A4"),
        (["--size", "a4", "--grid", "5x4", "--label", "{n}", "--portrait"], PixelSize(width: 2480, height: 3508), nil),
        (["--size", "A4-portrait", "--grid", "5x4", "--label", "{n}"], PixelSize(width: 2480, height: 3508), nil),
        (["--size", "210x297mm", "--grid", "5x4", "--label", "{n}"], PixelSize(width: 2480, height: 3508), nil),
        (["--size", "A4-landscape", "--grid", "1x4"], PixelSize(width: 3508, height: 2480), nil),
        (["--size", "6x4in", "--portrait"], PixelSize(width: 1200, height: 1800), nil),
        (["--size", "A6", "--grid", "1x4"], PixelSize(width: 1240, height: 1748), nil),
        (["--size", "A6"], PixelSize(width: 1748, height: 1240), "A6"),
    ] as [([String], PixelSize, String?)])
    func howAPaperIsLaid(arguments: [String], canvas: PixelSize, turned: String?) throws {
        let build = try Collage.Build.parse(["a.jpg"] + arguments)
        let options = try CollageOptions(look: build.look, output: build.output, rules: build.rules, limits: build.inputs.limits)
        #expect(options.layout.canvas == canvas)
        #expect(options.turnedPaper == turned)
        let inspect = try Collage.Inspect.parse(["a.jpg"] + arguments)
        #expect(try CollageOptions(look: inspect.layout, rules: inspect.rules, limits: inspect.inputs.limits).layout.canvas == canvas)
    }

    @Test func aPaperLaidBothWaysIsAUsageError() {
        #expect(throws: (any Error).self) { try Collage.Build.parse(["a.jpg", "--size", "A4", "--portrait", "--landscape"]) }
        #expect(throws: (any Error).self) { try Collage.Build.parse(["a.jpg", "--size", "6x4in-landscape"]) }
    }
}
