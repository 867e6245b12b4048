internal import CCollageCodecs
internal import CollageCore
internal import CollageImaging

/// One libjpeg decompressor whose header has been read: it owns the C object (closed in
/// `deinit`) and keeps alive whatever the compressed data lives in, a file open for streaming or
/// a pinned copy of bytes. It decodes once.
final class JPEGDecoder {
    private let decoder: OpaquePointer
    /// The open file (or pinned bytes) the decoder reads from: released only after the decoder.
    private let owner: AnyObject
    let header: ImageHeader

    /// Streams the regular file open on `descriptor`, which `owner` keeps open.
    convenience init(descriptor: Int32, keepingOpen owner: AnyObject, limits: DecodeLimits) throws(DecodeError) {
        var status = COLLAGE_OK
        var message = CMessage()
        let decoder = collage_jpeg_open_file(descriptor, Int32(limits.maximumScans), &status, &message.bytes, message.bytes.count)
        guard let decoder else { throw DecodeError(status: status, message: message, format: .jpeg, limits: limits) }
        try self.init(decoder, owner: owner, limits: limits)
    }

    /// Reads from a copy of `bytes`.
    convenience init(bytes: [UInt8], limits: DecodeLimits) throws(DecodeError) {
        let pinned = PinnedBytes(bytes)
        var status = COLLAGE_OK
        var message = CMessage()
        let decoder = collage_jpeg_open(
            pinned.buffer.baseAddress, pinned.count, Int32(limits.maximumScans), &status, &message.bytes, message.bytes.count)
        guard let decoder else { throw DecodeError(status: status, message: message, format: .jpeg, limits: limits) }
        try self.init(decoder, owner: pinned, limits: limits)
    }

    private init(_ decoder: OpaquePointer, owner: AnyObject, limits: DecodeLimits) throws(DecodeError) {
        self.decoder = decoder
        self.owner = owner
        var raw = collage_jpeg_header()
        collage_jpeg_header_of(decoder, &raw)
        let exif = raw.exif.map { UnsafeBufferPointer(start: $0, count: raw.exif_length) }
        header = ImageHeader(
            format: .jpeg, storedSize: PixelSize(width: Int(raw.width), height: Int(raw.height)),
            orientation: exif.flatMap { ExifOrientation.parse($0) } ?? .up, progressive: raw.progressive != 0)
        try PhotoDecoder.check(header, limits)
    }

    deinit { collage_jpeg_close(decoder) }

    /// Decodes upright at `wanted` (displayed): DCT-scaled to the smallest 1/8, 1/4 or 1/2 that
    /// covers it, then area-averaged; the DCT output is freed as soon as it is resampled.
    func decode(at wanted: PixelSize, limits: DecodeLimits) throws(DecodeError) -> DecodedImage {
        var status = COLLAGE_OK
        var message = CMessage()
        func failure() -> DecodeError {
            DecodeError(status: status, message: message, format: .jpeg, limits: limits)
        }
        let stored = header.orientation.swapsAxes ? wanted.transposed : wanted
        let denominator = Int32(PhotoDecoder.dctDenominator(for: header.storedSize, covering: stored))
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
        return DecodedImage(header: header, image: image, details: details)
    }
}

/// Bytes at an address that stays put for as long as a decoder reads them.
final class PinnedBytes {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    let count: Int

    init(_ bytes: [UInt8]) {
        count = bytes.count
        buffer = .allocate(capacity: max(1, bytes.count))  // never a zero-byte allocation
        _ = buffer.initialize(fromContentsOf: bytes)  // the C side reads `count` bytes, no more
    }

    deinit { buffer.deallocate() }
}
