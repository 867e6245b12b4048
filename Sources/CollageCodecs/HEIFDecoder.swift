internal import CCollageCodecs
internal import CollageCore
internal import CollageImaging

/// One HEIF/HEIC/AVIF file opened by libheif, its primary image's header read: it owns the C
/// context (closed in `deinit`) and the pinned bytes libheif reads without copying.
///
/// libheif applies the file's `clap`, `irot` and `imir` itself, and the EXIF orientation a HEIF
/// may also carry is never applied: it only repeats those transforms, and applying it as well
/// turns iPhone photos twice. The header tells the transforms as the equivalent orientation
/// (`HEIFTransform`), with the coded size as stored; with a `clap` crop, the size shown only.
/// There is no DCT scaling: the image is decoded whole (or, when one covers the size kept, its
/// embedded thumbnail, as libvips' heifload does), shrunk by whole blocks as it is copied out of
/// libheif, and area-averaged to the size asked.
final class HEIFDecoder {
    private let decoder: OpaquePointer
    private let bytes: PinnedBytes
    let header: ImageHeader

    /// libheif's decoding threads per photo. The pipeline already decodes as many photos at
    /// once as there are cores (`PrefetchingReader`'s depth), so each gets one thread: threads
    /// times photos in flight stays within the cores, and no decode waits on another's tiles.
    static let decodingThreads: Int32 = 1
    /// Transparent parts are shown on white, as PNG's are.
    static let background: [UInt8] = [255, 255, 255]

    init(bytes data: [UInt8], format: ImageFormat, limits: DecodeLimits) throws(DecodeError) {
        let pinned = PinnedBytes(data)
        var status = COLLAGE_OK
        var message = CMessage()
        guard let decoder = collage_heif_open(pinned.buffer.baseAddress, pinned.count, &status, &message.bytes, message.bytes.count) else {
            throw DecodeError(status: status, message: message, format: format, limits: limits)
        }
        self.decoder = decoder
        bytes = pinned
        var raw = collage_heif_header()
        collage_heif_header_of(decoder, &raw)
        var colour = EmbeddedColour()
        if let icc = raw.icc { colour.iccProfile = Array(UnsafeBufferPointer(start: icc, count: raw.icc_length)) }
        if raw.has_nclx != 0 {
            colour.nclx = EmbeddedColour.NCLX(
                colourPrimaries: Int(raw.colour_primaries), transferCharacteristics: Int(raw.transfer_characteristics),
                matrixCoefficients: Int(raw.matrix_coefficients), fullRange: raw.full_range != 0)
        }
        let displayed = PixelSize(width: Int(raw.width), height: Int(raw.height))
        let codedSize = PixelSize(width: Int(raw.ispe_width), height: Int(raw.ispe_height))
        let turn = HEIFTransform.orientation(in: data) ?? .up
        var header = turn.displayedSize(of: codedSize) == displayed
            ? ImageHeader(format: format, storedSize: codedSize, orientation: turn)
            : ImageHeader(format: format, storedSize: displayed, orientation: .up)
        header.colour = colour
        self.header = header
        try PhotoDecoder.check(header, limits)
        // A grid's tiles are checked too: its `ispe` may declare more than the grid shows.
        if codedSize.area > limits.maximumPixels { throw .tooLarge(codedSize, limit: limits.maximumPixels) }
    }

    deinit { collage_heif_close(decoder) }

    /// Decodes upright at `wanted`: the primary image, or the smallest embedded thumbnail that
    /// covers `wanted`, shrunk by the largest of 1/8, 1/4 and 1/2 that still covers it (as a
    /// JPEG's DCT scaling, by averaging blocks as the pixels come out of libheif), then
    /// area-averaged to it.
    func decode(at wanted: PixelSize, limits: DecodeLimits) throws(DecodeError) -> DecodedImage {
        var width: UInt32 = 0, height: UInt32 = 0
        let source = collage_heif_source_covering(decoder, UInt32(clamping: wanted.width), UInt32(clamping: wanted.height), &width, &height)
        let size = PixelSize(width: Int(width), height: Int(height))
        let shrink = PhotoDecoder.dctDenominator(for: size, covering: wanted)
        let shrunk = PixelSize(width: (size.width + shrink - 1) / shrink, height: (size.height + shrink - 1) / shrink)
        var status = COLLAGE_OK
        var message = CMessage()
        let clock = ContinuousClock(), start = clock.now
        let pixels = [UInt8](unsafeUninitializedCapacity: shrunk.area * 3) { buffer, count in
            status = collage_heif_decode(decoder, source, Self.decodingThreads, Int32(shrink), Self.background, buffer.baseAddress,
                                         width, height, &message.bytes, message.bytes.count)
            count = status == COLLAGE_OK ? buffer.count : 0
        }
        guard status == COLLAGE_OK else { throw DecodeError(status: status, message: message, format: header.format, limits: limits) }
        let decoded = clock.now
        let image = RGBImage(size: shrunk, pixels: pixels).resized(to: wanted)
        // A thumbnail counts as a reduced decode too: `scale` says by how much in all.
        let scale = max(1, header.displayedSize.width / max(1, size.width)) * shrink
        let details = DecodeDetails(format: header.format.rawValue, storedSize: header.storedSize, orientation: header.orientation, scale: scale,
                                    decodeTime: decoded - start, resampleTime: clock.now - decoded)
        return DecodedImage(header: header, image: image, details: details)
    }
}
