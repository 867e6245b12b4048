internal import CollageCore
internal import CCollageCodecs

/// A colour profile embedded in a photo: the ICC bytes as found (a JPEG's APP2 markers put
/// together, a PNG's iCCP, a HEIF's `prof`, a WebP's ICCP chunk) or made from a PNG's cHRM and
/// gAMA, with what lcms2 reads in them. Read with the header, so `inspect` names it without
/// decoding; applied by `ColorConversion` once the photo is decoded at its kept size.
public struct ColorProfile: Sendable, Hashable {
    /// The ICC profile itself.
    public let icc: [UInt8]
    /// Its description ("Display P3", "Adobe RGB (1998)"); nil when it has none or is no profile.
    public let name: String?
    /// Which pixels it describes; nil when lcms2 cannot read it.
    public let space: Space?
    /// Why lcms2 cannot read it, when it cannot.
    public let problem: String?

    public enum Space: Sendable, Hashable {
        case rgb, gray, cmyk, other
    }

    /// Reads `icc` with lcms2 (its header and description, microseconds): a profile that is no
    /// profile is kept, with its problem, so the photo is still used and the report says why its
    /// colours were not converted.
    public init(icc: [UInt8]) {
        self.icc = icc
        var name = [CChar](repeating: 0, count: 256)
        var space = COLLAGE_COLOR_OTHER
        var message = CMessage()
        let status = collage_color_profile_describe(icc, icc.count, &name, name.count, &space, &message.bytes, message.bytes.count)
        guard status == COLLAGE_OK else {
            (self.name, self.space, problem) = (nil, nil, message.text)
            return
        }
        // lcms2 gives ASCII; the file chose the bytes, so control characters (an escape
        // sequence for the terminal, a newline in a log line) are shown as "?".
        let text = name.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }.trimmingBlanks()
            .unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : String($0) }.joined()
        self.name = text.isEmpty ? nil : text
        self.space = switch space {
        case COLLAGE_COLOR_RGB: .rgb
        case COLLAGE_COLOR_GRAY: .gray
        case COLLAGE_COLOR_CMYK: .cmyk
        default: .other
        }
        problem = nil
    }

    /// A PNG's cHRM and gAMA chunks as a profile: RGB with these chromaticities (white, red,
    /// green, blue, each x then y) and a pure power `gamma` (2.2 for gAMA 45455). Nil when they
    /// make no profile (a degenerate matrix), which is then ignored as the PNG spec allows. A
    /// `gray` PNG's make a gray profile (the white point and the curve), which applies to its
    /// pixels as the RGB one does to a colour PNG's.
    public init?(chromaticities: [Double], gamma: Double, name: String, gray: Bool = false) {
        guard chromaticities.count == 8 else { return nil }
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = CMessage()
        let status = collage_color_profile_from_chromaticities(chromaticities, gamma, gray ? 1 : 0, &output, &length,
                                                               &message.bytes, message.bytes.count)
        guard status == COLLAGE_OK, let output else { return nil }
        defer { collage_free(output) }
        icc = Array(UnsafeBufferPointer(start: output, count: length))
        (self.name, space, problem) = (name, gray ? .gray : .rgb, nil)
    }

    /// lcms2's sRGB profile (ICC v4, 588 bytes): what `--embed-srgb` writes into a JPEG
    /// collage; lcms2's reason when it could not make it (out of memory).
    public static let sRGB: Result<[UInt8], EncodeError> = {
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = CMessage()
        let status = collage_color_srgb_profile(&output, &length, &message.bytes, message.bytes.count)
        guard status == COLLAGE_OK, let output else { return .failure(EncodeError(format: .jpeg, reason: message.text)) }
        defer { collage_free(output) }
        return .success(Array(UnsafeBufferPointer(start: output, count: length)))
    }()

    /// What reports call it: its name, or what kind of profile it is.
    public var shownName: String {
        name ?? (problem == nil ? "unnamed profile" : "invalid profile")
    }
}

extension String {
    /// Without the spaces, newlines and other control characters at either end (Ghostscript's
    /// profiles end their names with a newline).
    fileprivate func trimmingBlanks() -> String {
        let scalars = unicodeScalars
        func blank(_ scalar: Unicode.Scalar) -> Bool { scalar.value <= 0x20 || scalar.value == 0x7F }
        guard let first = scalars.firstIndex(where: { !blank($0) }), let last = scalars.lastIndex(where: { !blank($0) }) else { return "" }
        return String(scalars[first...last])
    }
}
