public import CollageImaging
/// The collage's size as asked for: pixels, or a print size and a resolution. A print size
/// becomes pixels by `round(length_mm / 25.4 * dpi)`; the resolution is written into the file
/// (JFIF density, PNG `pHYs`) so that a print shop or a viewer prints it at the size asked for.
public struct PrintSize: Hashable, Sendable, CustomStringConvertible {
    public let pixels: PixelSize
    /// Dots per inch to record in the file; nil writes none (pixels without `--dpi`).
    public let dpi: Int?
    /// The unit the size was given in.
    public let unit: LengthUnit

    public static let defaultDPI = 300
    /// Each side's limit, as `--size` has always had.
    public static let maximumSide = 16384
    /// JFIF stores the density in 16 bits.
    public static let maximumDPI = PixelDensity.maximumDPI

    public init(pixels: PixelSize, dpi: Int? = nil) {
        self.init(pixels: pixels, dpi: dpi, unit: .pixels)
    }

    init(pixels: PixelSize, dpi: Int?, unit: LengthUnit) {
        self.pixels = pixels
        self.dpi = dpi
        self.unit = unit
    }

    /// Paper by name, given upright (a proof sheet: `--size A4`): ISO A3 to A6, US letter and
    /// legal. A paper named alone lies the way its grid suits (`RequestedSize.turnable`).
    public static let papers = ["a3": "297x420mm", "a4": "210x297mm", "a5": "148x210mm", "a6": "105x148mm",
                                "letter": "8.5x11in", "legal": "8.5x14in"]

    /// `requested` in pixels at `dpi` (`--dpi`): for a physical size it defaults to 300; for
    /// pixels it is only recorded in the file.
    public init(_ requested: RequestedSize, dpi: Int?) throws(StyleError) {
        if let dpi, !(1...Self.maximumDPI).contains(dpi) { throw .dpiOutOfRange(dpi) }
        let unit = requested.unit
        let resolution = unit.isPhysical ? dpi ?? Self.defaultDPI : dpi
        // A physical unit always has a resolution here, and `dpi` was checked above: nothing throws.
        let pixels = PixelSize(width: try requested.width.pixels(dpi: resolution), height: try requested.height.pixels(dpi: resolution))
        let sideRange = 1...Self.maximumSide
        guard sideRange.contains(pixels.width), sideRange.contains(pixels.height) else {
            throw .sizeOutOfRange(requested.text, pixels)
        }
        self.pixels = pixels
        self.dpi = resolution
        self.unit = unit
    }

    /// `RequestedSize(parsing:)` at `dpi`.
    public init(parsing text: String, dpi: Int? = nil) throws(StyleError) {
        try self.init(RequestedSize(parsing: text), dpi: dpi)
    }

    /// `--dpi`: a whole number of dots per inch, 1 to `maximumDPI`.
    public static func resolution(parsing text: String) throws(StyleError) -> Int {
        guard text.allSatisfy(\.isASCIIDigit), let dpi = Int(text) else { throw .badResolution(text) }
        guard (1...maximumDPI).contains(dpi) else { throw .dpiOutOfRange(dpi) }
        return dpi
    }

    /// `1800x1200`, with `at 300 dpi` when a resolution is recorded.
    public var description: String {
        dpi.map { "\(pixels) at \($0) dpi" } ?? pixels.description
    }
}
