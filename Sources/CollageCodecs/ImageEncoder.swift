public import CollageCore
internal import CCollageCodecs
public import CollageImaging

/// Encodes a collage to JPEG (libjpeg, its standard Huffman tables) or PNG (libpng), in memory, so
/// the writer can put the bytes on disk atomically.
public enum ImageEncoder {
    public static let defaultQuality = 90

    public static func encode(_ image: RGBImage, as format: ImageFormat, quality: Int = defaultQuality) throws(EncodeError) -> [UInt8] {
        try encode(image, as: format, settings: EncodeSettings(quality: quality))
    }

    public static func encode(_ image: RGBImage, as format: ImageFormat, settings: EncodeSettings) throws(EncodeError) -> [UInt8] {
        if let dpi = settings.dpi, !(1...PixelDensity.maximumDPI).contains(dpi) {
            throw EncodeError(format: format, reason: "resolution \(dpi) dpi is outside 1 to \(PixelDensity.maximumDPI)")
        }
        guard (0...9).contains(settings.png.zlibLevel) else {
            throw EncodeError(format: format, reason: "zlib level \(settings.png.zlibLevel) is outside 0 to 9")
        }
        guard format.isWritable else { throw EncodeError(format: format, reason: "collages are written as JPEG or PNG") }
        let icc = format == .jpeg && settings.embedsSRGB ? try ColorProfile.sRGB.get() : nil
        var message = CMessage()
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            let (width, height) = (UInt32(image.width), UInt32(image.height))
            switch format {
            case .jpeg:
                return collage_jpeg_encode(pixels.baseAddress, width, height, Int32(settings.quality), Int32(settings.dpi ?? 0),
                                           icc, icc?.count ?? 0, Int.max, Int(COLLAGE_JPEG_SPLIT_PIXELS), &output, &length, &message.bytes, message.bytes.count)
            case .png:
                var png = collage_png_settings(settings.png, dpi: settings.dpi, sRGB: settings.embedsSRGB)
                return collage_png_encode(pixels.baseAddress, width, height, &png, &output, &length, &message.bytes, message.bytes.count)
            case .heic, .avif, .heif, .webp:
                return COLLAGE_BAD_ARGUMENT  // refused above
            }
        }
        guard status == COLLAGE_OK, let output else { throw EncodeError(format: format, reason: message.text) }
        defer { collage_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: length))
    }
}

extension collage_png_settings {
    init(_ compression: PNGCompression, dpi: Int?, sRGB: Bool) {
        let strategy: collage_png_strategy = switch compression.strategy {
        case .default: COLLAGE_PNG_STRATEGY_DEFAULT
        case .filtered: COLLAGE_PNG_STRATEGY_FILTERED
        case .huffmanOnly: COLLAGE_PNG_STRATEGY_HUFFMAN_ONLY
        case .rle: COLLAGE_PNG_STRATEGY_RLE
        case .fixed: COLLAGE_PNG_STRATEGY_FIXED
        }
        let filters: Int32 = switch compression.filter {
        case .none: Int32(COLLAGE_PNG_FILTER_NONE)
        case .sub: Int32(COLLAGE_PNG_FILTER_SUB)
        case .up: Int32(COLLAGE_PNG_FILTER_UP)
        case .average: Int32(COLLAGE_PNG_FILTER_AVERAGE)
        case .paeth: Int32(COLLAGE_PNG_FILTER_PAETH)
        case .all: Int32(COLLAGE_PNG_FILTER_NONE | COLLAGE_PNG_FILTER_SUB | COLLAGE_PNG_FILTER_UP
                         | COLLAGE_PNG_FILTER_AVERAGE | COLLAGE_PNG_FILTER_PAETH)
        }
        self.init(level: Int32(compression.zlibLevel), strategy: strategy, filters: filters,
                  pixels_per_metre: UInt32(dpi.map(EncodeSettings.pixelsPerMetre) ?? 0), srgb: sRGB ? 1 : 0)
    }
}
