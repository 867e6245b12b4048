internal import CCollageCodecs
internal import CollageCore
public import CollageImaging

/// JPEG through libjpeg: streamed from its file (no copy of the file in memory), DCT-scaled to
/// the smallest 1/8, 1/4 or 1/2 that still covers the size asked, then area-averaged to it. Its
/// profile comes from the APP2 markers; a CMYK JPEG's rows go through it as they are decoded.
public enum JPEGCodec: ImageCodec {
    static let formats = [ImageFormat.jpeg]

    static func format(signature: [UInt8]) -> ImageFormat? {
        signature.starts(with: [0xFF, 0xD8, 0xFF]) ? .jpeg : nil
    }

    static func open(bytes: [UInt8], limits: DecodeLimits) throws(DecodeError) -> any HeaderedImage {
        try JPEGDecoder(bytes: bytes, limits: limits)
    }

    static func open(file descriptor: Int32, keepingOpen owner: any AnyObject & Sendable, limits: DecodeLimits) throws(DecodeError) -> (any HeaderedImage)? {
        try JPEGDecoder(descriptor: descriptor, keepingOpen: owner, limits: limits)
    }

    /// The smallest of libjpeg's 1/8, 1/4 and 1/2 scales whose output (each side rounded up,
    /// as libjpeg does) still covers `wanted`: a 12 MP photo for a 600x400 tile decodes at 1/4.
    public static func dctDenominator(for stored: PixelSize, covering wanted: PixelSize) -> Int {
        for n in [8, 4, 2] where (stored.width + n - 1) / n >= wanted.width && (stored.height + n - 1) / n >= wanted.height {
            return n
        }
        return 1
    }
}

/// One libjpeg decompressor whose header has been read: it owns the C object (closed in
/// `deinit`) and keeps alive whatever the compressed data lives in, a file open for streaming or
/// a pinned copy of bytes. It decodes once.
private final class JPEGDecoder: HeaderedImage {
    private let decoder: OpaquePointer
    /// The open file (or pinned bytes) the decoder reads from: released only after the decoder.
    private let owner: AnyObject
    let header: ImageHeader
    /// How the pixels relate to the profile: gray (1 component), CMYK stored inverted or not.
    private let components: Int32
    private let cmykInverted: Bool

    /// Streams the regular file open on `descriptor`, which `owner` keeps open.
    convenience init(descriptor: Int32, keepingOpen owner: AnyObject, limits: DecodeLimits) throws(DecodeError) {
        var status = COLLAGE_OK
        var message = CMessage()
        let decoder = collage_jpeg_open_file(descriptor, Int32(limits.maximumScans), &status, &message.bytes, message.bytes.count)
        guard let decoder else { throw DecodeError(status: status, message: message, format: .jpeg, limits: limits) }
        self.init(decoder, owner: owner, limits: limits)
    }

    /// Reads from a copy of `bytes`.
    convenience init(bytes: [UInt8], limits: DecodeLimits) throws(DecodeError) {
        let pinned = PinnedBytes(bytes)
        var status = COLLAGE_OK
        var message = CMessage()
        let decoder = collage_jpeg_open(
            pinned.buffer.baseAddress, pinned.count, Int32(limits.maximumScans), &status, &message.bytes, message.bytes.count)
        guard let decoder else { throw DecodeError(status: status, message: message, format: .jpeg, limits: limits) }
        self.init(decoder, owner: pinned, limits: limits)
    }

    private init(_ decoder: OpaquePointer, owner: AnyObject, limits: DecodeLimits) {
        self.decoder = decoder
        self.owner = owner
        var raw = collage_jpeg_header()
        collage_jpeg_header_of(decoder, &raw)
        let exif = raw.exif.map { UnsafeBufferPointer(start: $0, count: raw.exif_length) }
        header = ImageHeader(
            format: .jpeg, storedSize: PixelSize(width: Int(raw.width), height: Int(raw.height)),
            orientation: exif.flatMap { ExifOrientation.parse($0) } ?? .up, progressive: raw.progressive != 0,
            taken: exif.flatMap { ExifDate.parse($0) },
            decodeBytes: Self.decodeBytes(coefficients: raw.coefficient_bytes, stored: PixelSize(width: Int(raw.width), height: Int(raw.height))),
            colorProfile: raw.icc.map { ColorProfile(icc: Array(UnsafeBufferPointer(start: $0, count: raw.icc_length))) })
        (components, cmykInverted) = (raw.components, raw.cmyk_inverted != 0)
    }

    /// The least a decode takes: a progressive JPEG's whole coefficient buffer (libjpeg keeps it
    /// until the last scan), plus the output at the smallest DCT scale, 1/8.
    private static func decodeBytes(coefficients: UInt64, stored: PixelSize) -> Int {
        Int(clamping: coefficients) + ((stored.width + 7) / 8) * ((stored.height + 7) / 8) * 3
    }

    deinit { collage_jpeg_close(decoder) }

    /// A gray JPEG is expanded to RGB; a CMYK one is converted as it decodes.
    var colorPixels: ColorConversion.Pixels? {
        switch components {
        case 1: .grayInRGB
        case 4: nil
        default: .rgb
        }
    }

    /// Decodes upright at `wanted` (displayed): DCT-scaled to the smallest 1/8, 1/4 or 1/2 that
    /// covers it, its rows area-averaged as they are decoded (`RGBImage(resampling:)`), so the
    /// scaled image is never held whole: a 12 MP photo for a 600x450 tile holds a few of its
    /// 1008-pixel rows, not 2.2 MiB of them.
    func decode(at wanted: PixelSize, limits: DecodeLimits) throws(DecodeError) -> DecodedImage {
        var status = COLLAGE_OK
        var message = CMessage()
        func failure() -> DecodeError {
            DecodeError(status: status, message: message, format: .jpeg, limits: limits)
        }
        let stored = header.orientation.swapsAxes ? wanted.transposed : wanted
        let denominator = Int32(JPEGCodec.dctDenominator(for: header.storedSize, covering: stored))
        var width: UInt32 = 0, height: UInt32 = 0
        status = collage_jpeg_scaled_size(decoder, denominator, &width, &height)
        guard status == COLLAGE_OK else { throw failure() }
        let scaled = PixelSize(width: Int(width), height: Int(height))
        // CMYK has no RGB copy to convert later: its rows go through the profile as decoded.
        var color = ColorManagement.none
        var cmykTransform: ColorTransform?
        if components == 4, let profile = header.colorProfile {
            switch ColorConversion.cmykTransform(for: profile, inverted: cmykInverted) {
            case .success(let transform):
                cmykTransform = transform
                collage_jpeg_set_cmyk_transform(decoder, transform.pointer)
                color = .converted(profile: profile.shownName, time: nil)
            case .failure(let problem):
                color = .ignored(profile: profile.name, reason: problem.reason)
            }
        }
        let clock = ContinuousClock(), start = clock.now
        status = collage_jpeg_start(decoder, denominator, &message.bytes, message.bytes.count)
        guard status == COLLAGE_OK else { throw failure() }
        var decoding = Duration.zero
        /// Reads the next rows into `rows` (`count` rows of `scaled` width); false once it failed.
        func read(into rows: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
            let before = clock.now
            defer { decoding += clock.now - before }
            var read: UInt32 = 0
            status = collage_jpeg_read_rows(decoder, rows, scaled.width * 3, UInt32(count), &read, &message.bytes, message.bytes.count)
            return status == COLLAGE_OK && read == UInt32(count)
        }
        let upright: RGBImage?
        if scaled == stored {
            let pixels = [UInt8](unsafeUninitializedCapacity: scaled.area * 3) { buffer, count in
                count = read(into: buffer.baseAddress!, count: scaled.height) ? buffer.count : 0
            }
            upright = pixels.isEmpty ? nil : RGBImage(size: scaled, pixels: pixels)
        } else {
            upright = streamed(scaled, to: stored, read: read)
        }
        withExtendedLifetime(cmykTransform) {}
        guard status == COLLAGE_OK, let upright else { throw failure() }
        let image = upright.applying(header.orientation)
        let details = DecodeDetails(format: "JPEG", storedSize: header.storedSize, orientation: header.orientation,
                                    scale: Int(denominator), decodeTime: decoding, resampleTime: clock.now - start - decoding, color: color)
        return DecodedImage(header: header, image: image, details: details)
    }

    /// The scaled image's rows, read a batch at a time into a few rows of memory, averaged down to
    /// `target` as they come; the rows the average does not need are read too, so the decode
    /// ends as a whole one does (the file read to its end). After a failed read the rows left are
    /// blank and the caller throws.
    private func streamed(_ scaled: PixelSize, to target: PixelSize, read: (UnsafeMutablePointer<UInt8>, Int) -> Bool) -> RGBImage {
        let batch = 8, stride = scaled.width * 3
        var rows = [UInt8](repeating: 0, count: batch * stride)
        return rows.withUnsafeMutableBufferPointer { rows in
            let rows = rows.baseAddress!
            var (first, count, failed) = (0, 0, false)  // the rows held: first..<first + count
            /// Reads batches until `y` is held.
            func advance(to y: Int) {
                while !failed && y >= first + count && first + count < scaled.height {
                    (first, count) = (first + count, min(batch, scaled.height - first - count))
                    failed = !read(rows, count)
                    if failed { rows.update(repeating: 0, count: batch * stride) }
                }
            }
            let image = RGBImage(resampling: scaled, to: target) { y in
                advance(to: y)
                return UnsafePointer(rows + (failed ? 0 : (y - first) * stride))
            }
            advance(to: scaled.height - 1)
            return image
        }
    }
}
