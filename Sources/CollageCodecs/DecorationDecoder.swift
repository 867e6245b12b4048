internal import CollageCore
public import CollageImaging

/// A frame, a logo or a background image: decoded whole, upright, at its own size (the renderer
/// scales it to where it goes), through the same entry point as photos. A PNG keeps its
/// transparency; every other format is opaque.
public enum DecorationDecoder {
    /// The image without transparency (a background).
    public static func opaque(_ bytes: [UInt8], limits: DecodeLimits = DecodeLimits()) throws(DecodeError) -> RGBImage {
        let opened = try OpenedImage(bytes: bytes, limits: limits)
        guard let decoded = try opened.decode(at: opened.header.displayedSize) else {
            throw .corrupt(format: opened.header.format, reason: "not decoded")
        }
        return decoded.image
    }

    /// The image with its transparency (a frame, a logo).
    public static func withAlpha(_ bytes: [UInt8], limits: DecodeLimits = DecodeLimits()) throws(DecodeError) -> RGBAImage {
        if PNGCodec.format(signature: bytes) == .png { return try PNGCodec.decodeWithAlpha(bytes, limits: limits) }
        let image = try opaque(bytes, limits: limits)
        var rgba = [UInt8](repeating: 255, count: image.size.area * 4)
        for pixel in 0..<image.size.area {
            for channel in 0..<3 { rgba[pixel * 4 + channel] = image.pixels[pixel * 3 + channel] }
        }
        return RGBAImage(size: image.size, straight: rgba)
    }
}
