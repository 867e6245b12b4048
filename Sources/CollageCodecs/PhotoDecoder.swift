internal import CCollageCodecs
public import CollageCore

/// What a file's header says, read before any pixel is decoded.
public struct ImageHeader: Sendable, Equatable {
    public let format: ImageFormat
    public let storedSize: PixelSize
    public let orientation: Orientation
    /// A progressive JPEG: decoded in several passes, so DCT scaling saves less.
    public var progressive = false

    public var displayedSize: PixelSize { orientation.displayedSize(of: storedSize) }
}

/// What a decode produced: the header always; the pixels and how they were decoded unless the
/// plan stopped after the header.
public struct DecodeResult: Sendable {
    public let header: ImageHeader
    /// Upright, at the size asked for.
    public let image: RGBImage?
    public let details: DecodeDetails?
}

/// A decoded photo and how it was decoded.
public struct DecodedImage: Sendable {
    public let header: ImageHeader
    /// Upright, at the size asked for.
    public let image: RGBImage
    public let details: DecodeDetails
}

/// Decodes JPEG and PNG photos upright and at the size the caller asks for, reading no more of
/// the image than that size needs: JPEGs are DCT-scaled by libjpeg to the smallest 1/8, 1/4 or
/// 1/2 that still covers it, then area-averaged to the exact size.
public enum PhotoDecoder {
    /// The header alone: format, stored size, EXIF orientation.
    public static func header(of bytes: [UInt8], limits: DecodeLimits = DecodeLimits()) throws(DecodeError) -> ImageHeader {
        try decode(bytes, limits: limits) { _ in nil }.header
    }

    /// The photo upright at `size` (displayed), after checking its header against `limits`.
    public static func decode(_ bytes: [UInt8], limits: DecodeLimits = DecodeLimits(), at size: PixelSize) throws(DecodeError) -> DecodedImage {
        let result = try decode(bytes, limits: limits) { _ in size }
        guard let image = result.image, let details = result.details else { throw .corrupt(format: result.header.format, reason: "not decoded") }
        return DecodedImage(header: result.header, image: image, details: details)
    }

    /// Reads the header, checks it against `limits`, then asks `plan` for the displayed size
    /// wanted; `nil` stops before decoding (a portrait needs no pixels to be refused).
    public static func decode(
        _ bytes: [UInt8], limits: DecodeLimits = DecodeLimits(), plan: (ImageHeader) -> PixelSize?
    ) throws(DecodeError) -> DecodeResult {
        guard let format = ImageFormat(signature: bytes.prefix(8)) else { throw .notAnImage }
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(DecodeError) in
                switch format {
                case .jpeg: return try decodeJPEG(buffer, limits: limits, plan: plan)
                case .png: return try decodePNG(buffer, limits: limits, plan: plan)
                }
            }
        }
        return try result.get()
    }

    private static func decodeJPEG(
        _ data: UnsafeBufferPointer<UInt8>, limits: DecodeLimits, plan: (ImageHeader) -> PixelSize?
    ) throws(DecodeError) -> DecodeResult {
        var status = COLLAGE_OK
        var message = CMessage()
        func failure() -> DecodeError {
            DecodeError(status: status, message: message, format: .jpeg, limits: limits)
        }
        guard let decoder = collage_jpeg_open(
            data.baseAddress, data.count, Int32(limits.maximumScans), &status, &message.bytes, message.bytes.count)
        else { throw failure() }
        defer { collage_jpeg_close(decoder) }

        var raw = collage_jpeg_header()
        collage_jpeg_header_of(decoder, &raw)
        let exif = raw.exif.map { UnsafeBufferPointer(start: $0, count: raw.exif_length) }
        let header = ImageHeader(
            format: .jpeg, storedSize: PixelSize(width: Int(raw.width), height: Int(raw.height)),
            orientation: exif.flatMap { ExifOrientation.parse($0) } ?? .up, progressive: raw.progressive != 0)
        try check(header, limits)
        guard let wanted = plan(header) else { return DecodeResult(header: header, image: nil, details: nil) }

        let stored = header.orientation.swapsAxes ? wanted.transposed : wanted
        let denominator = Int32(dctDenominator(for: header.storedSize, covering: stored))
        var width: UInt32 = 0, height: UInt32 = 0
        status = collage_jpeg_scaled_size(decoder, denominator, &width, &height)
        guard status == COLLAGE_OK else { throw failure() }
        let scaled = PixelSize(width: Int(width), height: Int(height))
        let clock = ContinuousClock(), start = clock.now
        let pixels = [UInt8](unsafeUninitializedCapacity: scaled.area * 3) { buffer, count in
            status = collage_jpeg_decode(decoder, denominator, buffer.baseAddress, buffer.count, &message.bytes, message.bytes.count)
            count = status == COLLAGE_OK ? buffer.count : 0
        }
        guard status == COLLAGE_OK else { throw failure() }
        let decoded = clock.now
        let image = RGBImage(size: scaled, pixels: pixels).resized(to: stored).applying(header.orientation)
        let details = DecodeDetails(format: "JPEG", storedSize: header.storedSize, orientation: header.orientation,
                                    scale: Int(denominator), decodeTime: decoded - start, resampleTime: clock.now - decoded)
        return DecodeResult(header: header, image: image, details: details)
    }

    private static func decodePNG(
        _ data: UnsafeBufferPointer<UInt8>, limits: DecodeLimits, plan: (ImageHeader) -> PixelSize?
    ) throws(DecodeError) -> DecodeResult {
        var message = CMessage()
        var width: UInt32 = 0, height: UInt32 = 0
        var status = collage_png_header(data.baseAddress, data.count, &width, &height, &message.bytes, message.bytes.count)
        guard status == COLLAGE_OK else {
            throw DecodeError(status: status, message: message, format: .png, limits: limits)
        }
        // PNG has no DCT scaling and its rare eXIf chunk is not read: shown as stored.
        let header = ImageHeader(format: .png, storedSize: PixelSize(width: Int(width), height: Int(height)), orientation: .up)
        try check(header, limits)
        guard let wanted = plan(header) else { return DecodeResult(header: header, image: nil, details: nil) }
        let clock = ContinuousClock(), start = clock.now
        let pixels = [UInt8](unsafeUninitializedCapacity: header.storedSize.area * 3) { buffer, count in
            status = collage_png_decode(data.baseAddress, data.count, buffer.baseAddress, buffer.count, &message.bytes, message.bytes.count)
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
        return DecodeResult(header: header, image: image, details: details)
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
    private static func check(_ header: ImageHeader, _ limits: DecodeLimits) throws(DecodeError) {
        if header.storedSize.width <= 0 || header.storedSize.height <= 0 {
            throw .corrupt(format: header.format, reason: "empty image \(header.storedSize)")
        }
        if header.storedSize.area > limits.maximumPixels {
            throw .tooLarge(header.storedSize, limit: limits.maximumPixels)
        }
    }
}
