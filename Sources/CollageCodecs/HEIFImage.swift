internal import CCollageCodecs
internal import CollageCore
internal import CollageImaging

/// One HEIF file opened by libheif, its primary image's header read: it owns the C context
/// (closed in `deinit`) and keeps alive what libheif reads, the pinned bytes or the open file.
/// It decodes once.
final class HEIFImage: HeaderedImage {
    private let decoder: OpaquePointer
    /// The pinned bytes or the open file the decoder reads from: released only after the decoder.
    private let owner: AnyObject
    let header: ImageHeader
    /// The primary image's size as libheif shows it (after its transforms).
    private let displayed: PixelSize
    /// Which sources (0, the primary image, then each thumbnail) are coded as luma alone, and
    /// the range their AV1 sequence header says (nil: none there), for one without `nclx`.
    private let monochrome: [(isMonochrome: Bool, codedFullRange: Bool?)]

    /// Reads from a copy of `file`, pinned (a sequence whose primary item has no colour box given
    /// its track's: `HEIFSequenceColour`).
    convenience init(bytes file: [UInt8], limits: DecodeLimits) throws(DecodeError) {
        try self.init(pinning: HEIFSequenceColour.withTrackColour(file) ?? file, limits: limits)
    }

    private convenience init(pinning data: [UInt8], limits: DecodeLimits) throws(DecodeError) {
        let pinned = PinnedBytes(data)
        var status = COLLAGE_OK
        var message = CMessage()
        let format = HEIFCodec.format(signature: Array(data.prefix(ImageCodecs.signatureLength))) ?? .heif
        guard let decoder = collage_heif_open(pinned.buffer.baseAddress, pinned.count, &status, &message.bytes, message.bytes.count) else {
            throw DecodeError(status: status, message: message, format: format, limits: limits)
        }
        try self.init(decoder, owner: pinned, boxes: data, format: format, limits: limits) { offset, length in
            offset < data.count ? Array(data[offset..<min(data.count, offset + length)]) : nil
        }
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
        if HEIFSequenceColour.mayNeedTrackColour(boxes) {
            // Rare (a sequence whose item has no colour box): read whole, perhaps given its track's.
            var file = [UInt8](repeating: 0, count: max(0, Int(collage_file_size(descriptor))))
            status = collage_read_start(descriptor, &file, file.count, &length, &message.bytes, message.bytes.count)
            guard status == COLLAGE_OK else { throw DecodeError(status: status, message: message, format: format, limits: limits) }
            file.removeSubrange(length...)
            if let patched = HEIFSequenceColour.withTrackColour(file) {
                try self.init(pinning: patched, limits: limits)
                return
            }
        }
        guard let decoder = collage_heif_open_file(descriptor, &status, &message.bytes, message.bytes.count) else {
            throw DecodeError(status: status, message: message, format: format, limits: limits)
        }
        try self.init(decoder, owner: owner, boxes: boxes, format: format, limits: limits) { offset, length in
            var bytes = [UInt8](repeating: 0, count: length), count = 0, message = CMessage()
            guard collage_read_at(descriptor, UInt64(offset), &bytes, length, &count, &message.bytes, message.bytes.count) == COLLAGE_OK,
                  count > 0 else { return nil }
            return Array(bytes[..<count])
        }
    }

    /// `boxes`: the file, or its start up to the end of its `meta` box; `read`: at most `length`
    /// of the file's bytes from `offset` (a monochrome item's AV1 sequence header, in its coded
    /// data), fewer at its end, nil past it.
    private init(_ decoder: OpaquePointer, owner: AnyObject, boxes data: [UInt8], format: ImageFormat, limits: DecodeLimits,
                 read: (_ offset: Int, _ length: Int) -> [UInt8]?) throws(DecodeError) {
        self.decoder = decoder
        self.owner = owner
        var raw = collage_heif_header()
        collage_heif_header_of(decoder, &raw)
        let displayed = PixelSize(width: Int(raw.width), height: Int(raw.height))
        self.displayed = displayed
        let codedSize = PixelSize(width: Int(raw.ispe_width), height: Int(raw.ispe_height))
        let boxes = HEIFBoxes(data)
        monochrome = (0...max(0, Int(raw.thumbnails))).map { source in
            let item = Int(collage_heif_item_of(decoder, Int32(source)))
            // The coded range matters only for luma alone (libheif expands a colour image's itself).
            let luma = boxes?.isMonochrome(item) ?? false
            return (luma, luma ? boxes?.av1SequenceHeader(item, read: read)?.fullRange : nil)
        }
        let turn = boxes.flatMap(HEIFTransform.orientation(in:)) ?? .up
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
    ///
    /// A thumbnail that cannot be used is passed over for the primary image: one whose decode is
    /// not the size its header says (a Canon .hif's says 1616x1080 and decodes 1664x1088), or
    /// fails. The thumbnail is a shortcut the file offers; the photo is the primary image.
    func decode(at wanted: PixelSize, limits: DecodeLimits) throws(DecodeError) -> DecodedImage {
        var width: UInt32 = 0, height: UInt32 = 0
        let covering = collage_heif_source_covering(decoder, UInt32(clamping: wanted.width), UInt32(clamping: wanted.height), &width, &height)
        let clock = ContinuousClock(), start = clock.now
        var source = (index: covering, size: PixelSize(width: Int(width), height: Int(height)))
        var shrunk: (image: RGBImage, shrink: Int)
        do {
            shrunk = try decode(source.index, size: source.size, covering: wanted, limits: limits)
        } catch where source.index != 0 {
            source = (0, displayed)
            shrunk = try decode(source.index, size: source.size, covering: wanted, limits: limits)
        }
        let decoded = clock.now
        let image = shrunk.image.resized(to: wanted)
        // A thumbnail counts as a reduced decode too: `scale` says by how much in all.
        let scale = max(1, header.displayedSize.width / max(1, source.size.width)) * shrunk.shrink
        let details = DecodeDetails(format: header.format.rawValue, storedSize: header.storedSize, orientation: header.orientation, scale: scale,
                                    decodeTime: decoded - start, resampleTime: clock.now - decoded)
        return DecodedImage(header: header, image: image, details: details)
    }

    /// Source `index` (0, the primary image, or a thumbnail's number), displayed at `size`,
    /// decoded and shrunk by whole blocks to no less than `wanted`.
    private func decode(_ index: Int32, size: PixelSize, covering wanted: PixelSize, limits: DecodeLimits) throws(DecodeError) -> (image: RGBImage, shrink: Int) {
        let shrink = JPEGCodec.dctDenominator(for: size, covering: wanted)
        let shrunk = PixelSize(width: (size.width + shrink - 1) / shrink, height: (size.height + shrink - 1) / shrink)
        var status = COLLAGE_OK
        var message = CMessage()
        let pixels = [UInt8](unsafeUninitializedCapacity: shrunk.area * 3) { buffer, count in
            let coding = monochrome.indices.contains(Int(index)) ? monochrome[Int(index)] : (isMonochrome: false, codedFullRange: nil)
            let luma: Int32 = coding.isMonochrome ? 1 : 0, codedRange: Int32 = coding.codedFullRange.map { $0 ? 1 : 0 } ?? -1
            status = collage_heif_decode(decoder, index, HEIFCodec.decodingThreads, Int32(shrink), luma, codedRange, ImageCodecs.background,
                                         buffer.baseAddress,
                                         UInt32(size.width), UInt32(size.height), &message.bytes, message.bytes.count)
            count = status == COLLAGE_OK ? buffer.count : 0
        }
        guard status == COLLAGE_OK else { throw DecodeError(status: status, message: message, format: header.format, limits: limits) }
        return (RGBImage(size: shrunk, pixels: pixels), shrink)
    }
}
