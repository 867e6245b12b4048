/// Everything about how a collage is written beyond its pixels and format.
public struct EncodeSettings: Hashable, Sendable {
    /// JPEG quality, 1 to 100.
    public var quality: Int
    /// Dots per inch to record (JFIF density, PNG `pHYs`), so the file prints at the size asked
    /// for; nil records none. 1 to 65535, JFIF's 16 bits.
    public var dpi: Int?
    public var png: PNGCompression
    /// Say in the file that it is sRGB (`--embed-srgb`): a JPEG gets lcms2's 588-byte sRGB ICC
    /// profile, a PNG its sRGB chunk. The pixels are sRGB either way; a print lab's software may
    /// otherwise guess. Never a photo's own profile: the photos were converted to sRGB.
    public var embedsSRGB: Bool

    public init(quality: Int = ImageEncoder.defaultQuality, dpi: Int? = nil, png: PNGCompression = .default, embedsSRGB: Bool = false) {
        self.quality = quality
        self.dpi = dpi
        self.png = png
        self.embedsSRGB = embedsSRGB
    }

    /// PNG's `pHYs` counts pixels per metre: round(dpi / 0.0254).
    public static func pixelsPerMetre(dpi: Int) -> Int {
        (dpi * 10_000 * 2 + 254) / (2 * 254)
    }
}
