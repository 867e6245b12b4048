internal import CCollageCodecs
internal import CollageCore
internal import CollageImaging

/// WebP (lossy, lossless, alpha; an animation's first frame) through libwebp and its demux API,
/// from memory. The `EXIF` chunk's orientation is honoured, as a JPEG's is; the `ICCP` chunk is
/// handed on in the header. No DCT scaling: decoded whole, then area-averaged.
enum WebPDecoder {
    static func header(of data: [UInt8], limits: DecodeLimits) throws(DecodeError) -> ImageHeader {
        var message = CMessage()
        var raw = collage_webp_header()
        let status = collage_webp_header_of(data, data.count, &raw, &message.bytes, message.bytes.count)
        guard status == COLLAGE_OK else { throw DecodeError(status: status, message: message, format: .webp, limits: limits) }
        func chunk(_ offset: Int, _ length: Int) -> ArraySlice<UInt8>? {
            length > 0 && offset >= 0 && offset + length <= data.count ? data[offset..<offset + length] : nil
        }
        let orientation = chunk(raw.exif_offset, raw.exif_length).flatMap(exifOrientation) ?? .up
        var header = ImageHeader(format: .webp, storedSize: PixelSize(width: Int(raw.width), height: Int(raw.height)), orientation: orientation)
        header.colour.iccProfile = chunk(raw.icc_offset, raw.icc_length).map(Array.init)
        try PhotoDecoder.check(header, limits)
        return header
    }

    /// The orientation in an `EXIF` chunk: the TIFF structure itself, or (as some writers put
    /// it) after JPEG's "Exif\0\0".
    static func exifOrientation(_ chunk: ArraySlice<UInt8>) -> Orientation? {
        let prefix: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]
        let tiff = chunk.starts(with: prefix) ? chunk.dropFirst(prefix.count) : chunk
        return ExifOrientation.parse(Array(tiff))
    }

    static func decode(_ data: [UInt8], header: ImageHeader, at wanted: PixelSize, limits: DecodeLimits) throws(DecodeError) -> DecodedImage {
        var message = CMessage()
        var status = COLLAGE_OK
        let size = header.storedSize
        let clock = ContinuousClock(), start = clock.now
        let pixels = [UInt8](unsafeUninitializedCapacity: size.area * 3) { buffer, count in
            status = collage_webp_decode(data, data.count, HEIFDecoder.background, buffer.baseAddress,
                                         UInt32(size.width), UInt32(size.height), &message.bytes, message.bytes.count)
            count = status == COLLAGE_OK ? buffer.count : 0
        }
        guard status == COLLAGE_OK else { throw DecodeError(status: status, message: message, format: .webp, limits: limits) }
        let decoded = clock.now
        let stored = header.orientation.swapsAxes ? wanted.transposed : wanted
        let image = RGBImage(size: size, pixels: pixels).resized(to: stored).applying(header.orientation)
        let details = DecodeDetails(format: "WebP", storedSize: size, orientation: header.orientation, scale: 1,
                                    decodeTime: decoded - start, resampleTime: clock.now - decoded)
        return DecodedImage(header: header, image: image, details: details)
    }
}
