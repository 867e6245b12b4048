internal import CCollageCodecs
internal import CollageCore
internal import CollageImaging

/// PNG through libpng, from memory. PNG has no DCT scaling: it is decoded whole, area-averaged to
/// the size asked and turned upright by its `eXIf` chunk's orientation. Its profile is read from
/// its chunks (`PNGColor`); transparency is blended onto white in the stored values.
enum PNGCodec: ImageCodec {
    static let formats = [ImageFormat.png]

    static func format(signature: [UInt8]) -> ImageFormat? {
        signature.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) ? .png : nil
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

    /// The payload of the `eXIf` chunk (a TIFF structure, as after a JPEG's "Exif\0\0"), found
    /// by walking the chunks' lengths from the signature; nil when there is none or a length
    /// runs past the data. Only the chunk headers are read, never the image data.
    static func exif(in data: [UInt8]) -> ArraySlice<UInt8>? {
        var offset = 8
        while offset + 8 <= data.count {
            let length = data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = data[offset + 4..<offset + 8]
            let start = offset + 8
            guard length <= data.count - start else { return nil }
            if type.elementsEqual([0x65, 0x58, 0x49, 0x66]) { return data[start..<start + length] }  // "eXIf"
            if type.elementsEqual([0x49, 0x45, 0x4E, 0x44]) { return nil }  // "IEND"
            offset = start + length + 4  // the CRC
        }
        return nil
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
        let orientation = PNGCodec.exif(in: data).flatMap { ExifOrientation.parse($0) } ?? .up
        // PNG has no scaling: the whole image is decoded, beside its compressed bytes.
        header = ImageHeader(format: .png, storedSize: storedSize, orientation: orientation, decodeBytes: storedSize.area * 3 + data.count,
                             colorProfile: color.profile)
    }

    var colorPixels: ColorConversion.Pixels? { color.gray ? .grayInRGB : .rgb }

    func decode(at wanted: PixelSize, limits: DecodeLimits) throws(DecodeError) -> DecodedImage {
        var message = CMessage()
        var status = COLLAGE_OK
        let clock = ContinuousClock(), start = clock.now
        let pixels = [UInt8](unsafeUninitializedCapacity: header.storedSize.area * 3) { buffer, count in
            // A gAMA chunk is applied here only when no profile will be applied afterwards.
            status = collage_png_decode(data, data.count, color.profile == nil ? 1 : 0, ImageCodecs.background, buffer.baseAddress, buffer.count,
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
        let stored = header.orientation.swapsAxes ? wanted.transposed : wanted
        let image = RGBImage(size: header.storedSize, pixels: pixels).resized(to: stored).applying(header.orientation)
        let details = DecodeDetails(format: "PNG", storedSize: header.storedSize, orientation: header.orientation, scale: 1,
                                    decodeTime: decoded - start, resampleTime: clock.now - decoded)
        return DecodedImage(header: header, image: image, details: details)
    }
}

extension PNGCodec {
    /// The whole PNG with its transparency, as stored.
    static func decodeWithAlpha(_ data: [UInt8], limits: DecodeLimits) throws(DecodeError) -> RGBAImage {
        let header = try open(bytes: data, limits: limits).header
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
