internal import CCollageCodecs
internal import CollageCore
internal import CollageImaging

/// PNG through libpng, from memory. PNG has no DCT scaling and its rare eXIf chunk is not read:
/// it is decoded whole, shown as stored, then area-averaged to the size asked. Its profile is
/// read from its chunks (`PNGColor`); transparency is blended onto white in the stored values.
enum PNGCodec: ImageCodec {
    static let format = ImageFormat.png

    static func matches(signature: [UInt8]) -> Bool {
        signature.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    static func open(bytes: [UInt8], limits: DecodeLimits) throws(DecodeError) -> any HeaderedImage {
        var message = CMessage()
        var width: UInt32 = 0, height: UInt32 = 0
        let status = collage_png_header(bytes, bytes.count, &width, &height, &message.bytes, message.bytes.count)
        guard status == COLLAGE_OK else {
            throw DecodeError(status: status, message: message, format: .png, limits: limits)
        }
        return PNGImage(data: bytes, storedSize: PixelSize(width: Int(width), height: Int(height)))
    }
}

/// A PNG in memory whose header and colour chunks have been read.
private final class PNGImage: HeaderedImage {
    let data: [UInt8]
    let header: ImageHeader
    private let color: PNGColor

    init(data: [UInt8], storedSize: PixelSize) {
        self.data = data
        color = PNGColor(of: data)
        header = ImageHeader(format: .png, storedSize: storedSize, orientation: .up, colorProfile: color.profile)
    }

    var colorPixels: ColorConversion.Pixels? { color.gray ? .grayInRGB : .rgb }

    func decode(at wanted: PixelSize, limits: DecodeLimits) throws(DecodeError) -> DecodedImage {
        var message = CMessage()
        var status = COLLAGE_OK
        let white: [UInt8] = [255, 255, 255]
        let clock = ContinuousClock(), start = clock.now
        let pixels = [UInt8](unsafeUninitializedCapacity: header.storedSize.area * 3) { buffer, count in
            // A gAMA chunk is applied here only when no profile will be applied afterwards.
            status = collage_png_decode(data, data.count, color.profile == nil ? 1 : 0, white, buffer.baseAddress, buffer.count,
                                        &message.bytes, message.bytes.count)
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
