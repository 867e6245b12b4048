public import CollageImaging

extension PhotoDecoder {
    /// A frame or a logo: a PNG keeps its transparency; a JPEG is opaque, upright. Whole, at its
    /// own size: the renderer scales it to where it goes.
    public static func decodeWithAlpha(_ bytes: [UInt8], limits: DecodeLimits = DecodeLimits()) throws(DecodeError) -> RGBAImage {
        switch ImageFormat(signature: bytes.prefix(8)) {
        case .png?:
            return try PNGDecoder.decodeWithAlpha(bytes, limits: limits)
        case .jpeg?:
            let header = try header(of: bytes, limits: limits)
            let image = try decode(bytes, limits: limits, at: header.displayedSize).image
            var rgba = [UInt8](repeating: 255, count: image.size.area * 4)
            for pixel in 0..<image.size.area {
                for channel in 0..<3 { rgba[pixel * 4 + channel] = image.pixels[pixel * 3 + channel] }
            }
            return RGBAImage(size: image.size, straight: rgba)
        case nil:
            throw .notAnImage
        }
    }
}
