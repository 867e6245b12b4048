public import CollageImaging

/// What a caption needs from a text stack (`CollageText` over FreeType and HarfBuzz): a line's
/// extent at a size, and lines drawn at given pens into a coverage mask. The core decides sizes
/// and positions (`CaptionLayout`); the stack only measures and draws.
public protocol CaptionTypesetter: Sendable {
    func extent(of line: String, pixels: Double) throws -> LineExtent
    /// Draws each line with its pen at `origin` (x, baseline) into a mask of `size`.
    func draw(_ lines: [PlacedLine], pixels: Double, size: PixelSize) throws -> AlphaMask
}

/// A shaped line's advance and its font's ascent and descent (positive), in pixels.
public struct LineExtent: Hashable, Sendable {
    public var width: Double
    public var ascent: Double
    public var descent: Double

    public init(width: Double, ascent: Double, descent: Double) {
        self.width = width
        self.ascent = ascent
        self.descent = descent
    }
}

/// A line of text and where its pen starts: x, and the baseline's y.
public struct PlacedLine: Hashable, Sendable {
    public var text: String
    public var x: Double
    public var baseline: Double

    public init(text: String, x: Double, baseline: Double) {
        self.text = text
        self.x = x
        self.baseline = baseline
    }
}
