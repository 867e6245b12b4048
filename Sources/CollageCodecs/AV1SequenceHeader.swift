/// The colour fields of an AV1 sequence header OBU, as `av1C`'s configOBUs carry it: what an
/// AVIF without a `colr` box says about its range (AV1 spec 5.5, `sequence_header_obu` and
/// `color_config`; libavif's `avifSequenceHeaderParse` reads it the same way).
///
/// Why it is read here: libheif 1.15 takes no range from it for a monochrome image, so a
/// limited-range one without `colr` (Microsoft's conformance file `Monochrome.avif`) came out
/// washed out (0.86 x + 16). Newer libheif and libavif read the bit; so does the decoder now.
internal import CollageImaging

struct AV1SequenceHeader: Equatable {
    /// `operating_points_cnt_minus_1 + 1`: a layered stream's (spatial or temporal layers) has
    /// one per layer set a decoder may choose; a reduced still-picture header's, one.
    let operatingPoints: Int
    let monochrome: Bool
    /// `color_range`: 1 is full range (0-255 at 8 bits), 0 studio range (16-235).
    let fullRange: Bool
    /// `max_frame_width_minus_1 + 1` by `max_frame_height_minus_1 + 1`, read just after the
    /// operating points: a header read from the wrong bits shows here first.
    let largestFrame: PixelSize

    init(operatingPoints: Int, largestFrame: PixelSize, monochrome: Bool, fullRange: Bool) {
        self.operatingPoints = operatingPoints
        self.largestFrame = largestFrame
        self.monochrome = monochrome
        self.fullRange = fullRange
    }

    /// The first sequence header OBU in `obus` (OBUs with or without size fields, as in `av1C`),
    /// nil when there is none or it does not parse: then nothing is known.
    init?(obus: ArraySlice<UInt8>) {
        var offset = obus.startIndex
        while offset < obus.endIndex {
            var bits = BitReader(obus[offset...])
            guard bits.read(1) == 0 else { return nil }  // obu_forbidden_bit
            let type = bits.read(4), hasExtension = bits.read(1), hasSize = bits.read(1)
            _ = bits.read(1)
            if hasExtension == 1 { _ = bits.read(8) }
            let headerBytes = 1 + Int(hasExtension)
            let size = hasSize == 1 ? bits.uleb128() : (obus.endIndex - offset - headerBytes).asUInt32
            guard let size, !bits.failed else { return nil }
            let payload = offset + bits.position / 8
            guard Int(size) <= obus.endIndex - payload else { return nil }
            if type == 1 {
                guard let header = Self(payload: obus[payload..<payload + Int(size)]) else { return nil }
                self = header
                return
            }
            offset = payload + Int(size)
        }
        return nil
    }

    /// Reads `sequence_header_obu()` up to the end of `color_config()`'s `color_range`.
    private init?(payload: ArraySlice<UInt8>) {
        var bits = BitReader(payload)
        let profile = bits.read(3)
        guard profile <= 2 else { return nil }
        let stillPicture = bits.read(1), reduced = bits.read(1)
        guard reduced == 0 || stillPicture == 1 else { return nil }
        var operatingPoints = 1
        if reduced == 1 {
            _ = bits.read(5)  // seq_level_idx[0]
        } else {
            guard let count = bits.skipLevelsAndTiming() else { return nil }
            operatingPoints = count
        }
        let widthBits = bits.read(4) + 1, heightBits = bits.read(4) + 1
        let largestFrame = PixelSize(width: Int(bits.read(widthBits)) + 1, height: Int(bits.read(heightBits)) + 1)
        if reduced == 0, bits.read(1) == 1 { _ = bits.read(7) }  // frame ids: delta and additional lengths
        _ = bits.read(1)  // use_128x128_superblock
        _ = bits.read(2)  // enable_filter_intra, enable_intra_edge_filter
        if reduced == 0 { bits.skipInterTools() }
        _ = bits.read(3)  // enable_superres, enable_cdef, enable_restoration
        // color_config()
        if bits.read(1) == 1, profile == 2 { _ = bits.read(1) }  // high_bitdepth, then twelve_bit
        let monochrome = profile != 1 && bits.read(1) == 1
        var (primaries, transfer, matrix): (UInt32, UInt32, UInt32) = (2, 2, 2)  // unspecified
        if bits.read(1) == 1 { (primaries, transfer, matrix) = (bits.read(8), bits.read(8), bits.read(8)) }
        let fullRange: Bool
        if !monochrome && primaries == 1 && transfer == 13 && matrix == 0 {
            fullRange = true  // sRGB in identity: full range by definition, no bit
        } else {
            fullRange = bits.read(1) == 1
        }
        guard !bits.failed else { return nil }
        self.init(operatingPoints: operatingPoints, largestFrame: largestFrame, monochrome: monochrome, fullRange: fullRange)
    }
}

/// Reads bits most significant first, as the AV1 spec's `f(n)`; past the end it reads zeros
/// and says `failed`.
private struct BitReader {
    private let bytes: ArraySlice<UInt8>
    /// Bits read so far.
    private(set) var position = 0
    private(set) var failed = false

    init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }

    mutating func read(_ count: UInt32) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<count {
            let index = bytes.startIndex + position / 8
            guard index < bytes.endIndex else {
                failed = true
                return 0
            }
            value = value << 1 | UInt32(bytes[index] >> (7 - UInt8(position % 8)) & 1)
            position += 1
        }
        return value
    }

    /// `leb128()`: nil when over 32 bits or unterminated in 8 bytes.
    mutating func uleb128() -> UInt32? {
        var value: UInt64 = 0
        for i in 0..<8 {
            let byte = read(8)
            value |= UInt64(byte & 0x7F) << (7 * UInt64(i))
            if byte & 0x80 == 0 { return value <= UInt64(UInt32.max) ? UInt32(value) : nil }
        }
        return nil
    }

    /// `uvlc()`; nil past 32 leading zeros.
    mutating func uvlc() -> UInt32? {
        var zeros: UInt32 = 0
        while read(1) == 0 && !failed {
            zeros += 1
            if zeros == 32 { return nil }
        }
        return zeros == 0 ? 0 : (1 << zeros) - 1 + read(zeros)
    }

    /// timing_info, decoder_model_info and the operating points of a full sequence header: how
    /// many operating points it lists, nil when it does not parse.
    mutating func skipLevelsAndTiming() -> Int? {
        var decoderModel: UInt32 = 0, bufferDelayLength: UInt32 = 0
        if read(1) == 1 {  // timing_info_present_flag
            _ = read(32)
            _ = read(32)
            if read(1) == 1, uvlc() == nil { return nil }  // equal_picture_interval
            decoderModel = read(1)
            if decoderModel == 1 {
                bufferDelayLength = read(5) + 1
                _ = read(32)
                _ = read(10)
            }
        }
        let initialDisplayDelay = read(1)
        let operatingPoints = Int(read(5)) + 1  // operating_points_cnt_minus_1
        for _ in 0..<operatingPoints {
            _ = read(12)
            if read(5) > 7 { _ = read(1) }  // seq_level_idx, then seq_tier
            if decoderModel == 1, read(1) == 1 {
                _ = read(bufferDelayLength)
                _ = read(bufferDelayLength)
                _ = read(1)
            }
            if initialDisplayDelay == 1, read(1) == 1 { _ = read(4) }
        }
        return failed ? nil : operatingPoints
    }

    /// The inter-frame tools a full sequence header lists before `enable_superres`.
    mutating func skipInterTools() {
        _ = read(4)  // interintra, masked compound, warped motion, dual filter
        let orderHint = read(1)
        if orderHint == 1 { _ = read(2) }  // jnt_comp, ref_frame_mvs
        let forceScreenContent: UInt32 = read(1) == 1 ? 2 : read(1)  // seq_choose_screen_content_tools
        if forceScreenContent > 0, read(1) == 0 { _ = read(1) }  // seq_choose_integer_mv, seq_force_integer_mv
        if orderHint == 1 { _ = read(3) }  // order_hint_bits_minus_1
    }
}

private extension Int {
    var asUInt32: UInt32? { self >= 0 && self <= Int(UInt32.max) ? UInt32(self) : nil }
}
