public import CollageCodecs
public import CollageImaging

/// What a decode produced: the header always; the decoded photo unless the plan stopped after
/// the header (one optional, so pixels never come without how they were decoded).
public struct DecodeResult: Sendable {
    public let header: ImageHeader
    public let decoded: DecodedImage?

    /// Upright, at the size asked for; nil when the plan stopped after the header.
    public var image: RGBImage? { decoded?.image }
}

/// Tests' shorthand for the codecs' entry point (`OpenedImage`) over bytes in memory.
public enum PhotoDecoder {
    /// The header alone: format, stored size, EXIF orientation.
    public static func header(of bytes: [UInt8], limits: DecodeLimits = DecodeLimits()) throws(DecodeError) -> ImageHeader {
        try OpenedImage(bytes: bytes, limits: limits).header
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
}

extension PhotoDecoder {
    /// Decodes at `size` (displayed), whatever the header says.
    public static func decode(_ bytes: [UInt8], at size: PixelSize, limits: DecodeLimits = DecodeLimits()) throws -> DecodedImage {
        guard let decoded = try decode(bytes, limits: limits, plan: { _ in size }).decoded else { throw DecodeError.notAnImage }
        return decoded
    }
}
