internal import ArgumentParser
internal import CollageCanvas
internal import CollageCore
internal import CollageImaging

/// What decides where the tiles go and how each crops its photo: the size (pixels, or a print
/// size at a dpi), the grid, the space between and around tiles, the crop, and what takes room
/// from the photos (a caption's band, a label's strip, a logo's cell, copies on a sheet). Shared
/// by `inspect`, which plans tiles and crops, and `build` and `watch` (with `LookOptions`).
/// Each value is parsed once by the argument parser, with its library's parser; a refused value
/// is the parser's usage error (64), its line ending with the library's reason.
struct LayoutOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The collage's size: pixels (1800x1200), a print size (6x4in, 15x10cm, 148x105mm) or a paper (A3 to A6, letter, legal; A4-landscape). (default: 1800x1200)",
        valueName: "WxH[unit]"), completion: .list(["1800x1200", "6x4in", "4x6in", "15x10cm"] + PrintSize.papers.keys.sorted()),
            transform: { text in try RequestedSize(parsing: text) })
    var size = RequestedSize.standard

    @Flag var orientation: PaperOrientation?

    @Option(help: ArgumentHelp("The resolution for a print size (default 300), recorded in the file (JFIF density, PNG pHYs).", valueName: "dpi"),
            transform: { text in try PrintSize.resolution(parsing: text) })
    var dpi: Int?

    @Option(help: ArgumentHelp("Space between tiles: pixels, or in, cm or mm with a print size or --dpi; a proof sheet (--label) takes 1% of the shorter side unless given. (default: 0)", valueName: "length"),
            transform: { text in try Length(parsing: text) })
    var gap: Length?

    @Option(help: ArgumentHelp("Space around the grid: pixels, or in, cm or mm with a print size or --dpi; a proof sheet (--label) takes its gap unless given. (default: 0)", valueName: "length"),
            transform: { text in try Length(parsing: text) })
    var margin: Length?

    @Option(help: ArgumentHelp("auto (the book's rule) or a fixed COLUMNSxROWS grid, such as 1x4 for a strip. (default: auto)", valueName: "grid"),
            completion: .list(["auto", "1x4", "2x2", "3x2"]), transform: { text in try CollageGrid(parsing: text) })
    var grid = CollageGrid.auto

    @Option(help: ArgumentHelp("Where each tile crops its photo: centre (center), or attention (on the photo's content).", valueName: "crop"))
    var crop = CropStrategy.centre

    @Option(help: ArgumentHelp("How a photo fills its tile: cover (filled, cropped where --crop says) or contain (whole, on the background); a proof sheet (--label) takes contain unless given. (default: cover)", valueName: "fit"))
    var fit: TileFit?

    @Option(help: ArgumentHelp(
        "A caption line (repeat for more) in a band of the collage. Placeholders: {date} {time} (the first photo's EXIF date; optionally {date:%d.%m.%Y}), {today} (the day it is saved), {n} (the collage's number, {n:04}), {photos}; {{ and }} for braces.",
        valueName: "text"), transform: { text in try CaptionTemplate(parsing: text) })
    var caption: [CaptionTemplate] = []

    @Option(help: ArgumentHelp("Where the caption's band goes.", valueName: "position"))
    var captionPosition = CaptionStyle.Position.bottom

    @Option(help: ArgumentHelp(
        "A line of text under each tile, as on a proof sheet. Placeholders: {name} (the file's name), {date} {time} (the photo's EXIF date, left out without one), {today}, {n} (its number in the run), {size} (WxH). All labels of a sheet take one size; a label too long for its cell loses the middle of its file name ('…').",
        valueName: "text"), transform: { text in try CaptionTemplate(parsing: text, forLabel: true) })
    var label: CaptionTemplate?

    @Option(help: ArgumentHelp("Where each tile's label goes.", valueName: "position"))
    var labelPosition = CaptionStyle.Position.bottom

    @Option(help: ArgumentHelp("An image (PNG with transparency, or JPEG) in the grid's last cell, after the photos, shown whole.", valueName: "file"),
            completion: .file(extensions: ["png", "jpg", "jpeg"]))
    var logo: PathName?

    @Option(name: .customLong("repeat"), help: ArgumentHelp(
        "Copies of the collage on the --size sheet, COLUMNSxROWS: --size 4x6in --grid 1x4 --repeat 2x1 prints two 2x6 in strips.",
        valueName: "COLSxROWS"), transform: { text in try SheetLayout(parsing: text) })
    var repeatCopies: SheetLayout?

    /// The size asked for, laid as `--portrait` or `--landscape` says, in pixels, and the
    /// resolution to record.
    func printSize() throws(StyleError) -> PrintSize {
        try PrintSize(orientation.map { size.laid($0) } ?? size, dpi: dpi)
    }

    var requestedSize: RequestedSize { size }

    /// The style with the caption's and labels' default colour and font (`LookOptions` sets
    /// those), and a proof sheet's defaults for what was not given (`CollageStyle`'s); a length
    /// in in, cm or mm needs the size's resolution.
    func style() throws(StyleError) -> CollageStyle {
        let size = try printSize()
        return CollageStyle(canvas: size.pixels, grid: grid, gap: try gap?.spacing(dpi: size.dpi), margin: try margin?.spacing(dpi: size.dpi),
                            crop: crop, fit: fit, caption: caption.isEmpty ? nil : CaptionStyle(lines: caption, position: captionPosition),
                            logo: logo != nil, sheet: repeatCopies, label: label.map { TileLabel(template: $0, position: labelPosition) })
    }
}

extension LayoutOptions: CollageLook {}
