/// Everything about how a collage is written beyond its pixels and format.
public struct EncodeSettings: Hashable, Sendable {
    /// JPEG quality, 1 to 100.
    public var quality: Int
    /// Dots per inch to record (JFIF density, PNG `pHYs`), so the file prints at the size asked
    /// for; nil records none. 1 to 65535, JFIF's 16 bits.
    public var dpi: Int?
    public var png: PNGCompression

    public init(quality: Int = ImageEncoder.defaultQuality, dpi: Int? = nil, png: PNGCompression = .default) {
        self.quality = quality
        self.dpi = dpi
        self.png = png
    }

    /// PNG's `pHYs` counts pixels per metre: round(dpi / 0.0254).
    public static func pixelsPerMetre(dpi: Int) -> Int {
        (dpi * 10_000 * 2 + 254) / (2 * 254)
    }
}
