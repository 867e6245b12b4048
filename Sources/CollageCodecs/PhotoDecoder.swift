public import CollageCore
public import CollageImaging

/// What a file's header says, read before any pixel is decoded.
public struct ImageHeader: Sendable, Equatable {
    public let format: ImageFormat
    public let storedSize: PixelSize
    public let orientation: Orientation
    /// A progressive JPEG: decoded in several passes, so DCT scaling saves less.
    public var progressive = false
    /// The file's own colour description (ICC profile, HEIF `nclx`), for colour management.
    public var colour = EmbeddedColour()

    public var displayedSize: PixelSize { orientation.displayedSize(of: storedSize) }
}

/// What a decode produced: the header always; the decoded photo unless the plan stopped after
/// the header (one optional, so pixels never come without how they were decoded).
public struct DecodeResult: Sendable {
    public let header: ImageHeader
    public let decoded: DecodedImage?

    /// Upright, at the size asked for; nil when the plan stopped after the header.
    public var image: RGBImage? { decoded?.image }
}

/// A decoded photo and how it was decoded.
public struct DecodedImage: Sendable {
    public let header: ImageHeader
    /// Upright, at the size asked for.
    public let image: RGBImage
    public let details: DecodeDetails
}

/// Decodes JPEG, PNG, HEIF and WebP photos upright and at the size the caller asks for, reading
/// no more of the image than that size needs: JPEGs are DCT-scaled by libjpeg to the smallest
/// 1/8, 1/4 or 1/2 that still covers it, a HEIF's thumbnail is used when it covers it, then
/// everything is area-averaged to the exact size. These take bytes in memory; `OpenedImage`
/// streams a JPEG from its file.
public enum PhotoDecoder {
    /// The header alone: format, stored size, EXIF orientation.
    public static func header(of bytes: [UInt8], limits: DecodeLimits = DecodeLimits()) throws(DecodeError) -> ImageHeader {
        try OpenedImage(bytes: bytes, limits: limits).header
    }

    /// The photo upright at `size` (displayed), after checking its header against `limits`.
    public static func decode(_ bytes: [UInt8], limits: DecodeLimits = DecodeLimits(), at size: PixelSize) throws(DecodeError) -> DecodedImage {
        guard let decoded = try OpenedImage(bytes: bytes, limits: limits).decode(at: size) else {
            preconditionFailure("an image just opened has not been decoded")  // nil means decoded before
        }
        return decoded
    }

    /// Reads the header, checks it against `limits`, then asks `plan` for the displayed size
    /// wanted; `nil` stops before decoding (a portrait needs no pixels to be refused).
    public static func decode(
        _ bytes: [UInt8], limits: DecodeLimits = DecodeLimits(), plan: (ImageHeader) -> PixelSize?
    ) throws(DecodeError) -> DecodeResult {
        let opened = try OpenedImage(bytes: bytes, limits: limits)
        guard let wanted = plan(opened.header) else { return DecodeResult(header: opened.header, decoded: nil) }
        return DecodeResult(header: opened.header, decoded: try opened.decode(at: wanted))
    }

    /// The smallest of libjpeg's 1/8, 1/4 and 1/2 scales whose output (each side rounded up,
    /// as libjpeg does) still covers `wanted`: a 12 MP photo for a 600x400 tile decodes at 1/4.
    public static func dctDenominator(for stored: PixelSize, covering wanted: PixelSize) -> Int {
        for n in [8, 4, 2] where (stored.width + n - 1) / n >= wanted.width && (stored.height + n - 1) / n >= wanted.height {
            return n
        }
        return 1
    }

    /// Refuses a decompression bomb from its header, before any allocation.
    static func check(_ header: ImageHeader, _ limits: DecodeLimits) throws(DecodeError) {
        if header.storedSize.width <= 0 || header.storedSize.height <= 0 {
            throw .corrupt(format: header.format, reason: "empty image \(header.storedSize)")
        }
        if header.storedSize.area > limits.maximumPixels {
            throw .tooLarge(header.storedSize, limit: limits.maximumPixels)
        }
    }
}
