public import CollageCanvas
public import CollageImaging
internal import CollageLocking

/// Sets captions with a real text stack: fontconfig finds the font (and, for characters it
/// lacks, fallbacks), HarfBuzz shapes each run (kerning, ligatures, right-to-left runs,
/// combining marks), FreeType rasterises anti-aliased coverage. One font open for the session,
/// behind a lock: FreeType faces are not thread-safe.
///
/// HarfBuzz orders glyphs within a run; it does not reorder runs of mixed direction (the
/// Unicode bidi algorithm). A line in one direction, left-to-right or right-to-left, is right;
/// a line mixing them shows its runs in logical order.
public final class FontTypesetter: CaptionTypesetter {
    private let font: Locked<TextFont>
    /// The font file used for the caption's own characters.
    public let file: String

    /// Opens `spec`: a fontconfig pattern (`DejaVu Sans:bold`) or a font file (a path with a
    /// slash), which is read from `opening` when given (`/proc/self/fd/N` of a descriptor the
    /// caller opened without blocking and checked is a regular file: a FIFO would block FreeType's
    /// `fopen` for ever). A family no installed font has is refused, naming the closest.
    public init(font spec: String, opening: String? = nil) throws(TextError) {
        let opened = try TextFont(spec, opening: opening)
        file = opened.file
        font = Locked(opened)
    }

    public func extent(of line: String, pixels: Double) throws -> LineExtent {
        try font.withLock { font throws(TextError) in try font.extent(of: line, pixels: pixels) }
    }

    public func draw(_ lines: [PlacedLine], pixels: Double, size: PixelSize) throws -> AlphaMask {
        try font.withLock { font throws(TextError) in try font.draw(lines, pixels: pixels, size: size) }
    }

    /// The families of the fallback fonts that draw characters of `text` the font lacks
    /// (Droid Sans Fallback for `東京` in DejaVu Sans), for a log line.
    public func fallbacks(in text: String) throws(TextError) -> [String] {
        try font.withLock { font throws(TextError) in try font.fallbacks(in: text) }
    }

    /// The characters of `text` that neither the font nor any fallback fontconfig knows can
    /// draw: they show as the font's empty box, and the caller says so in the log.
    public func missing(in text: String) throws(TextError) -> [Unicode.Scalar] {
        try font.withLock { font throws(TextError) in try font.missing(in: text) }
    }
}
