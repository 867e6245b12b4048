internal import CCollageCodecs

/// What a PNG's chunks say about its colours, in the PNG specification's order of precedence: an
/// iCCP profile, else an sRGB chunk (sRGB: nothing to do), else cHRM with gAMA (made into a
/// profile, gray for a gray PNG, so its curve applies as a colour PNG's does); a gAMA chunk alone
/// is applied by libpng as it decodes, to sRGB's 2.2, as before.
struct PNGColor {
    /// The profile to convert with; nil: the decoded pixels are sRGB.
    let profile: ColorProfile?
    /// A gray PNG: a gray profile applies to it.
    let gray: Bool

    /// Reads the chunks before the pixels. A PNG libpng cannot read that far has no colour
    /// information: its decode fails on its own, with its reason.
    init(of data: [UInt8]) {
        var color = collage_png_color()
        var message = CMessage()
        guard collage_png_color_info(data, data.count, &color, &message.bytes, message.bytes.count) == COLLAGE_OK else {
            (profile, gray) = (nil, false)
            return
        }
        defer { collage_png_color_free(&color) }
        gray = color.gray != 0
        if let icc = color.icc {
            profile = ColorProfile(icc: Array(UnsafeBufferPointer(start: icc, count: color.icc_length)))
        } else if color.srgb == 0, color.has_chromaticities != 0, color.has_gamma != 0 {
            let xy = withUnsafeBytes(of: color.chromaticities) { Array($0.bindMemory(to: Double.self)) }
            profile = ColorProfile(chromaticities: xy, gamma: 1 / color.gamma, name: "cHRM and gAMA", gray: gray)
        } else {
            profile = nil
        }
    }
}
