internal import CCollageCodecs
internal import CollageCore
internal import CollageImaging

/// WebP (lossy, lossless, alpha; an animation's first frame) through libwebp and its demux API,
/// from memory. The `EXIF` chunk's orientation is honoured, as a JPEG's is; the `ICCP` chunk is
/// its profile, converted like any codec's. A frame that covers the canvas is decoded scaled by
/// libwebp (1/2, 1/4 or 1/8, as a JPEG's DCT scale is chosen), never at full size.
enum WebPCodec: ImageCodec {
    static let formats = [ImageFormat.webp]

    /// A RIFF file whose form type is `WEBP`.
    static func format(signature head: [UInt8]) -> ImageFormat? {
        head.count >= 12 && head[0..<4].elementsEqual(Array("RIFF".utf8)) && head[8..<12].elementsEqual(Array("WEBP".utf8)) ? .webp : nil
    }

    static func open(bytes data: [UInt8], limits: DecodeLimits) throws(DecodeError) -> any HeaderedImage {
        var message = CMessage()
        var raw = collage_webp_header()
        let status = collage_webp_header_of(data, data.count, &raw, &message.bytes, message.bytes.count)
        guard status == COLLAGE_OK else { throw DecodeError(status: status, message: message, format: .webp, limits: limits) }
        func chunk(_ offset: Int, _ length: Int) -> ArraySlice<UInt8>? {
            length > 0 && offset >= 0 && offset + length <= data.count ? data[offset..<offset + length] : nil
        }
        let orientation = chunk(raw.exif_offset, raw.exif_length).flatMap(exifOrientation) ?? .up
        var header = ImageHeader(format: .webp, storedSize: PixelSize(width: Int(raw.width), height: Int(raw.height)), orientation: orientation)
        header.colorProfile = chunk(raw.icc_offset, raw.icc_length).map { ColorProfile(icc: Array($0)) }
        header.decodeBytes = decodeBytes(canvas: header.storedSize, fileBytes: data.count, coversCanvas: raw.covers_canvas != 0,
                                         lossless: raw.lossless != 0, alpha: raw.has_alpha != 0)
        return WebPImage(data: data, header: header, scalable: raw.covers_canvas != 0)
    }

    /// The least a decode holds at once, for `--max-memory` (as a JPEG counts its output at 1/8):
    /// the file, held whole, and the output at 1/8 as libwebp's RGBA and our RGB; a lossless
    /// frame also as libwebp's whole ARGB (its backward references reach anywhere above), a lossy
    /// frame's alpha as its whole plane. A frame that does not cover the canvas is decoded
    /// whole: as RGBA and the canvas as RGB.
    static func decodeBytes(canvas: PixelSize, fileBytes: Int, coversCanvas: Bool, lossless: Bool, alpha: Bool) -> Int {
        guard coversCanvas else { return canvas.area * (4 + 3) + fileBytes }
        let output = ((canvas.width + 7) / 8) * ((canvas.height + 7) / 8) * (4 + 3)
        return fileBytes + output + (lossless ? canvas.area * 4 : alpha ? canvas.area : 0)
    }

    /// The orientation in an `EXIF` chunk: the TIFF structure itself, or (as some writers put
    /// it) after JPEG's "Exif\0\0".
    static func exifOrientation(_ chunk: ArraySlice<UInt8>) -> Orientation? {
        let prefix: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]
        let tiff = chunk.starts(with: prefix) ? chunk.dropFirst(prefix.count) : chunk
        return ExifOrientation.parse(Array(tiff))
    }
}

/// A WebP in memory whose header has been read.
private final class WebPImage: HeaderedImage {
    let data: [UInt8]
    let header: ImageHeader
    /// Its first frame covers the canvas, so it can be decoded scaled.
    let scalable: Bool

    init(data: [UInt8], header: ImageHeader, scalable: Bool) {
        self.data = data
        self.header = header
        self.scalable = scalable
    }

    func decode(at wanted: PixelSize, limits: DecodeLimits) throws(DecodeError) -> DecodedImage {
        var message = CMessage()
        var status = COLLAGE_OK
        let size = header.storedSize
        let stored = header.orientation.swapsAxes ? wanted.transposed : wanted
        let shrink = scalable ? JPEGCodec.dctDenominator(for: size, covering: stored) : 1
        let shrunk = PixelSize(width: (size.width + shrink - 1) / shrink, height: (size.height + shrink - 1) / shrink)
        let clock = ContinuousClock(), start = clock.now
        let pixels = [UInt8](unsafeUninitializedCapacity: shrunk.area * 3) { buffer, count in
            status = collage_webp_decode(data, data.count, ImageCodecs.background, Int32(shrink), buffer.baseAddress,
                                         UInt32(size.width), UInt32(size.height), &message.bytes, message.bytes.count)
            count = status == COLLAGE_OK ? buffer.count : 0
        }
        guard status == COLLAGE_OK else { throw DecodeError(status: status, message: message, format: .webp, limits: limits) }
        let decoded = clock.now
        let image = RGBImage(size: shrunk, pixels: pixels).resized(to: stored).applying(header.orientation)
        let details = DecodeDetails(format: "WebP", storedSize: size, orientation: header.orientation, scale: shrink,
                                    decodeTime: decoded - start, resampleTime: clock.now - decoded)
        return DecodedImage(header: header, image: image, details: details)
    }
}
