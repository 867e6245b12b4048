internal import CCollageCodecs
internal import CollageCore
internal import CollageImaging

/// PNG through libpng, from memory. PNG has no DCT scaling and its rare eXIf chunk is not read:
/// it is decoded whole, shown as stored, area-averaged to the size asked, then converted to sRGB
/// by its profile (`PNGColor`). Transparency is blended onto white in the stored values.
enum PNGDecoder {
    static func header(of data: [UInt8], limits: DecodeLimits) throws(DecodeError) -> ImageHeader {
        var message = CMessage()
        var width: UInt32 = 0, height: UInt32 = 0
        let status = collage_png_header(data, data.count, &width, &height, &message.bytes, message.bytes.count)
        guard status == COLLAGE_OK else {
            throw DecodeError(status: status, message: message, format: .png, limits: limits)
        }
        let header = ImageHeader(format: .png, storedSize: PixelSize(width: Int(width), height: Int(height)), orientation: .up,
                                 colorProfile: PNGColor(of: data).profile)
        try PhotoDecoder.check(header, limits)
        return header
    }

    static func decode(_ data: [UInt8], header: ImageHeader, at wanted: PixelSize, limits: DecodeLimits) throws(DecodeError) -> DecodedImage {
        var message = CMessage()
        var status = COLLAGE_OK
        let color = PNGColor(of: data)
        let white: [UInt8] = [255, 255, 255]
        let clock = ContinuousClock(), start = clock.now
        let pixels = [UInt8](unsafeUninitializedCapacity: header.storedSize.area * 3) { buffer, count in
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
        let resized = RGBImage(size: header.storedSize, pixels: pixels).resized(to: wanted)
        let resampled = clock.now
        let (image, management) = ColorConversion.toSRGB(resized, from: color.profile, pixels: color.gray ? .grayInRGB : .rgb)
        let details = DecodeDetails(format: "PNG", storedSize: header.storedSize, orientation: .up, scale: 1,
                                    decodeTime: decoded - start, resampleTime: resampled - decoded, color: management)
        return DecodedImage(header: header, image: image, details: details)
    }
}
