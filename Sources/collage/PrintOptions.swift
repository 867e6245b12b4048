internal import ArgumentParser
internal import CollageCanvas
internal import CollageCore
internal import CollagePipeline
internal import CollageImaging

/// What goes on the print besides the photos: caption lines and their look, a background image,
/// a logo in the last cell, a frame over everything, and copies on a sheet. Kept as the words
/// given; `LookOptions` turns them into the style's values.
struct PrintOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "A caption line (repeat for more) in a band of the collage. Placeholders: {date} {time} (the first photo's EXIF date; optionally {date:%d.%m.%Y}), {today} (the day it is saved), {n} (the collage's number, {n:04}), {photos}; {{ and }} for braces.",
        valueName: "text"))
    var caption: [String] = []

    @Option(help: ArgumentHelp("Where the caption's band goes: bottom or top.", valueName: "position"))
    var captionPosition = "bottom"

    @Option(help: ArgumentHelp("How caption lines are aligned: left, centre (center) or right.", valueName: "alignment"))
    var captionAlign = "centre"

    @Option(help: ArgumentHelp("The caption's colour: #rgb, #rrggbb or a CSS colour name.", valueName: "colour"))
    var captionColor = "black"

    @Option(help: ArgumentHelp("The caption's size (pixels per em, or in, cm or mm with a print size); default: the largest that fits the band.",
                               valueName: "length"))
    var captionSize: String?

    @Option(help: ArgumentHelp("The caption's font: a fontconfig name (\"DejaVu Sans:bold\") or a font file.", valueName: "font"))
    var font = CaptionStyle.defaultFont

    @Option(help: ArgumentHelp(
        "A line of text under each tile, as on a proof sheet. Placeholders: {name} (the file's name), {date} {time} (the photo's), {n} (its number in the run), {size} (WxH); a name too long for its cell is shrunk, then elided in the middle with '…'.",
        valueName: "text"))
    var label: String?

    @Option(help: ArgumentHelp("Where each tile's label goes: bottom or top.", valueName: "position"))
    var labelPosition = "bottom"

    @Option(help: ArgumentHelp("An image (JPEG or PNG) under the tiles, gaps and margins, filling the collage.", valueName: "file"))
    var backgroundImage: PathName?

    @Option(help: ArgumentHelp("An image (PNG with transparency, or JPEG) in the grid's last cell, after the photos, shown whole.", valueName: "file"))
    var logo: PathName?

    @Option(help: ArgumentHelp("A PNG with transparency drawn over the whole collage (a frame), scaled to it.", valueName: "file"))
    var overlay: PathName?

    @Option(name: .customLong("repeat"), help: ArgumentHelp(
        "Copies of the collage on the --size sheet, COLUMNSxROWS: --size 4x6in --grid 1x4 --repeat 2x1 prints two 2x6 in strips.",
        valueName: "COLSxROWS"))
    var repeatCopies: String?

    @Flag(help: "With --repeat, a thin grey line between the copies, where the sheet is cut.")
    var cutMarks = false

    /// The caption's style, or nil without `--caption`; `dpi` turns a size in mm into pixels.
    func caption(dpi: Int?) throws(StyleError) -> CaptionStyle? {
        guard !caption.isEmpty else { return nil }
        var size: Int?
        if let captionSize {
            size = try Length(parsing: captionSize).spacing(dpi: dpi)
            guard let pixels = size, pixels >= 1 else { throw .badCaptionSize(captionSize) }
        }
        // Templates, position and alignment are checked in `checkCaption`, before this is asked.
        let lines = caption.compactMap { try? CaptionTemplate(parsing: $0) }
        return CaptionStyle(lines: lines, position: (try? CaptionStyle.Position(parsing: captionPosition)) ?? .bottom,
                            alignment: (try? CaptionStyle.Alignment(parsing: captionAlign)) ?? .centre,
                            colour: try RGB(parsing: captionColor), size: size, font: font)
    }

    /// Each tile's label, or nil without `--label`: in the caption's colour and font.
    func tileLabel() throws(StyleError) -> TileLabel? {
        guard let label, let template = try? CaptionTemplate(parsing: label, forLabel: true) else { return nil }
        return TileLabel(template: template, position: (try? CaptionStyle.Position(parsing: labelPosition)) ?? .bottom,
                         colour: try RGB(parsing: captionColor), font: font)
    }

    /// Refuses an unknown placeholder, a bad format, position or alignment: a usage error (64).
    func checkCaption() throws {
        do {
            if let label { _ = try CaptionTemplate(parsing: label, forLabel: true) }
            _ = try CaptionStyle.Position(parsing: labelPosition)
            for line in caption { _ = try CaptionTemplate(parsing: line) }
            _ = try CaptionStyle.Position(parsing: captionPosition)
            _ = try CaptionStyle.Alignment(parsing: captionAlign)
        } catch {
            throw ValidationError(error.description)
        }
        if cutMarks && repeatCopies == nil { throw ValidationError("--cut-marks needs --repeat: it marks where copies are cut apart.") }
    }

    func sheet() throws(StyleError) -> SheetLayout? {
        try repeatCopies.map { text throws(StyleError) in try SheetLayout(parsing: text, cutMarks: cutMarks) }
    }

    /// The files as given, for the pipeline to read.
    var files: DecorationFiles {
        DecorationFiles(background: backgroundImage, logo: logo, overlay: overlay)
    }
}
