internal import CCollageCodecs
internal import CollageCore
internal import CollageImaging

/// PNG through libpng's simplified API, from memory. PNG has no DCT scaling and its rare eXIf
/// chunk is not read: it is decoded whole, shown as stored, then area-averaged to the size asked.
enum PNGCodec: ImageCodec {
    static let format = ImageFormat.png

    static func matches(signature: [UInt8]) -> Bool {
        signature.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    static func open(bytes: [UInt8], limits: DecodeLimits) throws(DecodeError) -> any HeaderedImage {
        PNGImage(data: bytes, header: try header(of: bytes, limits: limits))
    }

    private static func header(of data: [UInt8], limits: DecodeLimits) throws(DecodeError) -> ImageHeader {
        var message = CMessage()
        var width: UInt32 = 0, height: UInt32 = 0
        let status = collage_png_header(data, data.count, &width, &height, &message.bytes, message.bytes.count)
        guard status == COLLAGE_OK else {
            throw DecodeError(status: status, message: message, format: .png, limits: limits)
        }
        let size = PixelSize(width: Int(width), height: Int(height))
        // PNG has no scaling: the whole image is decoded, beside its compressed bytes.
        return ImageHeader(format: .png, storedSize: size, orientation: .up, decodeBytes: size.area * 3 + data.count)
    }
}

/// A PNG in memory whose header has been read.
private final class PNGImage: HeaderedImage {
    let data: [UInt8]
    let header: ImageHeader

    init(data: [UInt8], header: ImageHeader) {
        self.data = data
        self.header = header
    }

    func decode(at wanted: PixelSize, limits: DecodeLimits) throws(DecodeError) -> DecodedImage {
        var message = CMessage()
        var status = COLLAGE_OK
        let clock = ContinuousClock(), start = clock.now
        let pixels = [UInt8](unsafeUninitializedCapacity: header.storedSize.area * 3) { buffer, count in
            status = collage_png_decode(data, data.count, buffer.baseAddress, buffer.count, &message.bytes, message.bytes.count)
            count = status == COLLAGE_OK ? buffer.count : 0
        }
        guard status == COLLAGE_OK else {
            // A PNG ends with its IEND chunk; failing without one means the file was cut short.
            let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
            if status == COLLAGE_CORRUPT && !data.reversed().starts(with: iend.reversed()) {
                throw .truncated(format: .png)
            }
            throw DecodeError(status: status, message: message, format: .png, limits: limits)
        }
        let decoded = clock.now
        let image = RGBImage(size: header.storedSize, pixels: pixels).resized(to: wanted)
        let details = DecodeDetails(format: "PNG", storedSize: header.storedSize, orientation: .up, scale: 1,
                                    decodeTime: decoded - start, resampleTime: clock.now - decoded)
        return DecodedImage(header: header, image: image, details: details)
    }
}

extension PNGCodec {
    /// The whole PNG with its transparency, as stored.
    static func decodeWithAlpha(_ data: [UInt8], limits: DecodeLimits) throws(DecodeError) -> RGBAImage {
        let header = try header(of: data, limits: limits)
        try header.check(limits)
        var message = CMessage()
        var status = COLLAGE_OK
        let pixels = [UInt8](unsafeUninitializedCapacity: header.storedSize.area * 4) { buffer, count in
            status = collage_png_decode_rgba(data, data.count, buffer.baseAddress, buffer.count, &message.bytes, message.bytes.count)
            count = status == COLLAGE_OK ? buffer.count : 0
        }
        guard status == COLLAGE_OK else { throw DecodeError(status: status, message: message, format: .png, limits: limits) }
        return RGBAImage(size: header.storedSize, straight: pixels)
    }
}
