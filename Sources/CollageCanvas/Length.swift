/// The units a size, gap or margin may be given in.
public enum LengthUnit: String, Hashable, Sendable, CaseIterable {
    case pixels = "px"
    case inches = "in"
    case centimetres = "cm"
    case millimetres = "mm"

    public var isPhysical: Bool { self != .pixels }

    /// Inches per unit as an exact fraction: 1 cm is 100/254 in, 1 mm is 10/254 in.
    var inches: (numerator: Int, denominator: Int) {
        switch self {
        case .pixels, .inches: return (1, 1)
        case .centimetres: return (100, 254)
        case .millimetres: return (10, 254)
        }
    }
}

/// A length as typed: `12`, `12px`, `0.25in`, `2mm`, `14.8cm`. Kept as an exact decimal so that
/// `round(length / 25.4 mm * dpi)` rounds the way the number reads, not the way a binary
/// fraction of it happens to fall: 1.27 mm at 300 dpi is exactly 15 pixels.
public struct Length: Hashable, Sendable, CustomStringConvertible {
    /// The digits without the point: 14.8 is 148 with one decimal.
    let mantissa: Int
    let decimals: Int
    public let unit: LengthUnit

    /// Nine digits keep `mantissa * dpi * 100 * 2` far inside 64 bits.
    static let maximumDigits = 9

    /// A whole number of pixels: `--gap`'s and `--margin`'s default is `Length(pixels: 0)`.
    public init(pixels: Int) {
        self.mantissa = pixels
        self.decimals = 0
        self.unit = .pixels
    }

    /// `number[unit]`: a whole number of pixels without a unit or with `px`; a decimal with `in`,
    /// `cm` or `mm`.
    public init(parsing text: String) throws(StyleError) {
        let lowered = text.lowercased()
        let number = lowered.prefix { $0.isASCIIDigit || $0 == "." }
        let suffix = lowered[number.endIndex...]
        guard let unit = suffix.isEmpty ? .pixels : LengthUnit(rawValue: String(suffix)),
              let length = Length(number: number, unit: unit) else {
            throw .badLength(text)
        }
        self = length
    }

    /// Digits with at most one point inside them (`6`, `14.8`; not `.5`, `5.`, `1.2.3`).
    init?(number: Substring, unit: LengthUnit) {
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }),
              parts.joined().count <= Self.maximumDigits, let mantissa = Int(parts.joined()) else {
            return nil
        }
        let decimals = parts.count == 2 ? parts[1].count : 0
        if unit == .pixels && decimals > 0 { return nil }  // pixels are whole
        self.mantissa = mantissa
        self.decimals = decimals
        self.unit = unit
    }

    public var value: Double { Double(mantissa) / Double(Self.power(decimals)) }

    /// Whole pixels at `dpi`: `round(length_mm / 25.4 * dpi)`, halves rounding up. Physical units
    /// need a resolution; pixels ignore it.
    public func pixels(dpi: Int?) throws(StyleError) -> Int {
        guard unit.isPhysical else { return mantissa }
        guard let dpi else { throw .lengthNeedsDPI(description) }
        guard (1...PrintSize.maximumDPI).contains(dpi) else { throw .dpiOutOfRange(dpi) }
        let numerator = mantissa * dpi * unit.inches.numerator
        let denominator = Self.power(decimals) * unit.inches.denominator
        return (2 * numerator + denominator) / (2 * denominator)
    }

    /// A gap or margin: `pixels(dpi:)`, at most `PrintSize.maximumSide`.
    public func spacing(dpi: Int?) throws(StyleError) -> Int {
        let pixels = try pixels(dpi: dpi)
        guard pixels <= PrintSize.maximumSide else { throw .lengthOutOfRange(description) }
        return pixels
    }

    public var description: String {
        var digits = String(mantissa)
        if decimals > 0 {
            digits = String(repeating: "0", count: max(0, decimals + 1 - digits.count)) + digits
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals))
        }
        return digits + (unit == .pixels ? "" : unit.rawValue)
    }

    static func power(_ exponent: Int) -> Int {
        (0..<exponent).reduce(1) { value, _ in value * 10 }
    }
}
