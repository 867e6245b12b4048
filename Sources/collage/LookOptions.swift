internal import ArgumentParser
internal import CollageCanvas
internal import CollageCore
internal import CollageImaging
internal import CollagePipeline

/// How the collage looks beyond where its tiles go, for `build` and `watch` (`inspect` plans
/// tiles and crops, so takes `LayoutOptions` alone): the colour of gaps and margins, how the
/// caption and labels are set, a background image and a frame, cut marks between copies.
struct LookOptions: ParsableArguments {
    @OptionGroup var layout: LayoutOptions

    @Option(help: ArgumentHelp("The colour of gaps and margins: #rgb, #rrggbb or a CSS colour name. (default: white)", valueName: "colour"),
            transform: { text in try RGB(parsing: text) })
    var background = RGB.white

    @Option(help: ArgumentHelp("How caption lines are aligned.", valueName: "alignment"))
    var captionAlign = CaptionStyle.Alignment.centre

    @Option(help: ArgumentHelp("The caption's and labels' colour: #rgb, #rrggbb or a CSS colour name. (default: black)", valueName: "colour"),
            transform: { text in try RGB(parsing: text) })
    var captionColor = RGB.black

    @Option(help: ArgumentHelp("The caption's size (pixels per em, or in, cm or mm with a print size); default: the largest that fits the band.",
                               valueName: "length"), transform: { text in try Length(parsing: text) })
    var captionSize: Length?

    @Option(help: ArgumentHelp("The caption's and labels' font: a fontconfig name (\"DejaVu Sans:bold\") or a font file.", valueName: "font"),
            completion: .file(extensions: ["ttf", "otf", "ttc"]))
    var font = CaptionStyle.defaultFont

    @Option(help: ArgumentHelp("An image (JPEG or PNG) under the tiles, gaps and margins, filling the collage.", valueName: "file"),
            completion: .file(extensions: ["png", "jpg", "jpeg"]))
    var backgroundImage: PathName?

    @Option(help: ArgumentHelp("A PNG with transparency drawn over the whole collage (a frame), scaled to it.", valueName: "file"),
            completion: .file(extensions: ["png"]))
    var overlay: PathName?

    @Flag(help: "With --repeat, a thin grey line between the copies, where the sheet is cut.")
    var cutMarks = false

    func validate() throws {
        if cutMarks && layout.repeatCopies == nil { throw ValidationError("--cut-marks needs --repeat: it marks where copies are cut apart.") }
    }

    func printSize() throws(StyleError) -> PrintSize {
        try layout.printSize()
    }

    var requestedSize: RequestedSize { layout.size }
    var orientation: PaperOrientation? { layout.orientation }

    /// The layout's style, in these colours and this font; `--caption-size` in mm needs the
    /// size's resolution.
    func style() throws(StyleError) -> CollageStyle {
        var style = try layout.style()
        style.background = background
        style.caption?.alignment = captionAlign
        style.caption?.colour = captionColor
        style.caption?.font = font
        if let captionSize, style.caption != nil {
            let pixels = try captionSize.spacing(dpi: try printSize().dpi)
            guard pixels >= 1 else { throw .badCaptionSize(captionSize.description) }
            style.caption?.size = pixels
        }
        style.label?.colour = captionColor
        style.label?.font = font
        style.sheet?.cutMarks = cutMarks
        return style
    }

    /// The files as given, for the pipeline to read.
    var files: DecorationFiles {
        DecorationFiles(background: backgroundImage, logo: layout.logo, overlay: overlay)
    }
}

extension LookOptions: CollageLook {}
