internal import ArgumentParser
internal import CollageCanvas
internal import CollageImaging

/// How the collage looks and prints: its size (pixels or a print size at a dpi), the grid, the
/// space between and around tiles and its colour, and where tiles crop their photos. Kept as
/// the words given and turned into values in `validate()`, because a length in mm needs the
/// size's dpi.
struct LookOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The collage's size: pixels (1800x1200), a print size (6x4in, 15x10cm, 148x105mm) or a paper (A3 to A6, letter, legal).", valueName: "WxH[unit]"))
    var size = "1800x1200"

    @Option(help: ArgumentHelp("The resolution for a print size (default 300), recorded in the file (JFIF density, PNG pHYs).", valueName: "dpi"))
    var dpi: Int?

    @Option(help: ArgumentHelp("Space between tiles: pixels, or in, cm or mm with a print size or --dpi.", valueName: "length"))
    var gap = "0"

    @Option(help: ArgumentHelp("Space around the grid: pixels, or in, cm or mm with a print size or --dpi.", valueName: "length"))
    var margin = "0"

    @Option(help: ArgumentHelp("The colour of gaps and margins: #rgb, #rrggbb or a CSS colour name.", valueName: "colour"))
    var background = "white"

    @Option(help: ArgumentHelp("auto (the book's rule) or a fixed COLUMNSxROWS grid, such as 1x4 for a strip.", valueName: "grid"))
    var grid = "auto"

    @Option(help: ArgumentHelp("Where each tile crops its photo: centre, or attention (on the photo's content).", valueName: "crop"))
    var crop = "centre"

    @OptionGroup var print: PrintOptions

    func validate() throws {
        do {
            _ = try style()
        } catch {
            throw ValidationError(error.description)
        }
        try print.checkCaption()
    }

    /// The size asked for, in pixels, and the resolution to record.
    func printSize() throws(StyleError) -> PrintSize {
        try PrintSize(parsing: size, dpi: dpi)
    }

    func style() throws(StyleError) -> CollageStyle {
        let resolution = try printSize().dpi
        return CollageStyle(grid: try CollageGrid(parsing: grid), gap: try Length(parsing: gap).spacing(dpi: resolution),
                            margin: try Length(parsing: margin).spacing(dpi: resolution), background: try RGB(parsing: background),
                            crop: try CropStrategy(parsing: crop), caption: try print.caption(dpi: resolution),
                            logo: print.logo != nil, sheet: try print.sheet(), label: try print.tileLabel())
    }

    /// The style, checked for room on the canvas for every count up to `limit`; a usage error
    /// (exit 64) when it does not fit.
    func checkedStyle(limit: Int) throws -> (PrintSize, CollageStyle) {
        do {
            let size = try printSize(), style = try style()
            try style.validate(canvas: size.pixels, limit: limit)
            return (size, style)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
