internal import CCollageCodecs
internal import CollageCore
internal import CollageImaging

/// HEIF, HEIC and AVIF through libheif, from memory: one library for the family, told apart by
/// the brands of the file's `ftyp` box.
///
/// libheif applies the file's `clap`, `irot` and `imir` itself, and the EXIF orientation a HEIF
/// may also carry is never applied: it only repeats those transforms, and applying it as well
/// turns iPhone photos twice. The header tells the transforms as the equivalent orientation
/// (`HEIFTransform`), with the coded size as stored; with a `clap` crop, the size shown only.
/// There is no DCT scaling: the image is decoded whole (or, when one covers the size kept, its
/// embedded thumbnail, as libvips' heifload does), shrunk by whole blocks as it is copied out of
/// libheif, and area-averaged to the size asked. Its colour is its `prof`/`rICC` profile, else
/// its `nclx` box made into one (`ColorProfile(nclx:)`), converted like any codec's.
enum HEIFCodec: ImageCodec {
    static let formats: [ImageFormat] = [.heic, .avif, .heif]

    /// An ISO base media file whose first box is `ftyp` naming a HEIF brand: the major brand,
    /// then the compatible ones (an AVIF may say `mif1` first and `avif` after it).
    static func format(signature head: [UInt8]) -> ImageFormat? {
        guard head.count >= 16, head[4..<8].elementsEqual(Array("ftyp".utf8)) else { return nil }
        let boxSize = Int(head[0]) << 24 | Int(head[1]) << 16 | Int(head[2]) << 8 | Int(head[3])
        guard boxSize >= 16 else { return nil }
        let end = min(boxSize, head.count)
        var brands = [String(decoding: head[8..<12], as: UTF8.self)]
        for start in stride(from: 16, to: end - 3, by: 4) {
            brands.append(String(decoding: head[start..<start + 4], as: UTF8.self))
        }
        let hevc: Set = ["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs"]
        let av1: Set = ["avif", "avis"]
        let heif: Set = ["mif1", "msf1", "mif2", "miaf"]
        guard brands.contains(where: { hevc.contains($0) || av1.contains($0) || heif.contains($0) }) else { return nil }
        if av1.contains(brands[0]) { return .avif }
        if hevc.contains(brands[0]) { return .heic }
        if brands.contains(where: av1.contains) { return .avif }
        if brands.contains(where: hevc.contains) { return .heic }
        return .heif
    }

    static func open(bytes: [UInt8], limits: DecodeLimits) throws(DecodeError) -> any HeaderedImage {
        try HEIFImage(bytes: bytes, limits: limits)
    }

    /// Reads from the file itself, as libheif asks (its boxes, then each tile's coded data as it
    /// decodes it): a 6 MB photo is not held in memory beside its decode.
    static func open(file descriptor: Int32, keepingOpen owner: any AnyObject & Sendable, limits: DecodeLimits) throws(DecodeError) -> (any HeaderedImage)? {
        try HEIFImage(descriptor: descriptor, keepingOpen: owner, limits: limits)
    }

    /// libheif's decoding threads per photo. The pipeline already decodes as many photos at
    /// once as there are cores (`PrefetchingReader`'s depth), so each gets one thread: threads
    /// times photos in flight stays within the cores, and no decode waits on another's tiles.
    static let decodingThreads: Int32 = 1

    /// What decoding the primary image at full size holds at its peak, for `--max-memory`: the
    /// planes the HEVC or AV1 decoder writes (4:2:0, the alpha image's beside them), the RGB(A)
    /// planes libheif converts them into, both at full size with 1 or 2 bytes a sample, and our
    /// copy shrunk by 1/8 at least (as a JPEG's least DCT output). The file is not counted: the
    /// pipeline reads it as libheif asks, never whole (as a JPEG streams). A grid's coded planes
    /// exist a tile at a time, so for a grid this counts a little high.
    static func decodeBytes(coded: PixelSize, bitDepth: Int, alpha: Bool) -> Int {
        let sample = bitDepth > 8 ? 2 : 1
        let codedPlanes = coded.area * sample * (alpha ? 5 : 3) / 2
        let rgbPlanes = coded.area * sample * (alpha ? 4 : 3)
        return codedPlanes + rgbPlanes + ((coded.width + 7) / 8) * ((coded.height + 7) / 8) * 3
    }
}

/// One HEIF file opened by libheif, its primary image's header read: it owns the C context
/// (closed in `deinit`) and keeps alive what libheif reads, the pinned bytes or the open file.
/// It decodes once.
private final class HEIFImage: HeaderedImage {
    private let decoder: OpaquePointer
    /// The pinned bytes or the open file the decoder reads from: released only after the decoder.
    private let owner: AnyObject
    let header: ImageHeader

    /// Reads from a copy of `data`, pinned.
    convenience init(bytes data: [UInt8], limits: DecodeLimits) throws(DecodeError) {
        let pinned = PinnedBytes(data)
        var status = COLLAGE_OK
        var message = CMessage()
        let format = HEIFCodec.format(signature: Array(data.prefix(ImageCodecs.signatureLength))) ?? .heif
        guard let decoder = collage_heif_open(pinned.buffer.baseAddress, pinned.count, &status, &message.bytes, message.bytes.count) else {
            throw DecodeError(status: status, message: message, format: format, limits: limits)
        }
        try self.init(decoder, owner: pinned, boxes: data, format: format, limits: limits)
    }

    /// Reads from the regular file open on `descriptor`, which `owner` keeps open.
    convenience init(descriptor: Int32, keepingOpen owner: AnyObject, limits: DecodeLimits) throws(DecodeError) {
        // The boxes up to the end of `meta`, for the format's brands and the transforms: a few KiB.
        var boxes = [UInt8](repeating: 0, count: max(collage_heif_meta_end(descriptor), ImageCodecs.signatureLength))
        var length = 0
        var message = CMessage()
        var status = collage_read_start(descriptor, &boxes, boxes.count, &length, &message.bytes, message.bytes.count)
        let format = HEIFCodec.format(signature: Array(boxes.prefix(min(length, ImageCodecs.signatureLength)))) ?? .heif
        guard status == COLLAGE_OK else { throw DecodeError(status: status, message: message, format: format, limits: limits) }
        boxes.removeSubrange(length...)
        guard let decoder = collage_heif_open_file(descriptor, &status, &message.bytes, message.bytes.count) else {
            throw DecodeError(status: status, message: message, format: format, limits: limits)
        }
        try self.init(decoder, owner: owner, boxes: boxes, format: format, limits: limits)
    }

    /// `boxes`: the file, or its start up to the end of its `meta` box.
    private init(_ decoder: OpaquePointer, owner: AnyObject, boxes data: [UInt8], format: ImageFormat, limits: DecodeLimits) throws(DecodeError) {
        self.decoder = decoder
        self.owner = owner
        var raw = collage_heif_header()
        collage_heif_header_of(decoder, &raw)
        let displayed = PixelSize(width: Int(raw.width), height: Int(raw.height))
        let codedSize = PixelSize(width: Int(raw.ispe_width), height: Int(raw.ispe_height))
        let turn = HEIFTransform.orientation(in: data) ?? .up
        var header = turn.displayedSize(of: codedSize) == displayed
            ? ImageHeader(format: format, storedSize: codedSize, orientation: turn)
            : ImageHeader(format: format, storedSize: displayed, orientation: .up)
        if let icc = raw.icc {
            header.colorProfile = ColorProfile(icc: Array(UnsafeBufferPointer(start: icc, count: raw.icc_length)))
        } else if raw.has_nclx != 0 {
            header.colorProfile = ColorProfile(nclxPrimaries: Int(raw.colour_primaries), transfer: Int(raw.transfer_characteristics))
        }
        header.decodeBytes = HEIFCodec.decodeBytes(coded: codedSize, bitDepth: Int(raw.bit_depth), alpha: raw.has_alpha != 0)
        self.header = header
        // A grid's tiles are checked too: its `ispe` may declare more than the grid shows.
        if codedSize.area > limits.maximumPixels { throw .tooLarge(codedSize, limit: limits.maximumPixels) }
    }

    deinit { collage_heif_close(decoder) }

    /// libheif gives gray as RGB: a gray profile applies to it.
    var colorPixels: ColorConversion.Pixels? { header.colorProfile?.space == .gray ? .grayInRGB : .rgb }

    /// Decodes upright at `wanted`: the primary image, or the smallest embedded thumbnail that
    /// covers `wanted`, shrunk by the largest of 1/8, 1/4 and 1/2 that still covers it (as a
    /// JPEG's DCT scaling, by averaging blocks as the pixels come out of libheif), then
    /// area-averaged to it.
    func decode(at wanted: PixelSize, limits: DecodeLimits) throws(DecodeError) -> DecodedImage {
        var width: UInt32 = 0, height: UInt32 = 0
        let source = collage_heif_source_covering(decoder, UInt32(clamping: wanted.width), UInt32(clamping: wanted.height), &width, &height)
        let size = PixelSize(width: Int(width), height: Int(height))
        let shrink = JPEGCodec.dctDenominator(for: size, covering: wanted)
        let shrunk = PixelSize(width: (size.width + shrink - 1) / shrink, height: (size.height + shrink - 1) / shrink)
        var status = COLLAGE_OK
        var message = CMessage()
        let clock = ContinuousClock(), start = clock.now
        let pixels = [UInt8](unsafeUninitializedCapacity: shrunk.area * 3) { buffer, count in
            status = collage_heif_decode(decoder, source, HEIFCodec.decodingThreads, Int32(shrink), ImageCodecs.background, buffer.baseAddress,
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
