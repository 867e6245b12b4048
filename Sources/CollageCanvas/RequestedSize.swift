public import CollageImaging

/// `--size` as typed, before a resolution turns it into pixels: `1800x1200`, `6x4in`, `15x10cm`,
/// `A4`. Parsed on its own, once, by the command line's parser; `PrintSize(_:dpi:)` then makes
/// it pixels with `--dpi`, which only a physical size needs.
public struct RequestedSize: Hashable, Sendable, CustomStringConvertible {
    public let width: Length
    public let height: Length
    /// As typed, for messages and `--help`'s default.
    public let text: String

    public var unit: LengthUnit { width.unit }

    /// A size in pixels: `--size`'s default is 1800x1200, the book's canvas.
    public init(pixels: PixelSize) {
        width = Length(pixels: pixels.width)
        height = Length(pixels: pixels.height)
        text = pixels.description
    }

    public static let standard = RequestedSize(pixels: PixelSize(width: 1800, height: 1200))

    /// `WxH` in pixels (`1800x1200`) or with a unit after both numbers (`6x4in`, `14.8x10.5cm`,
    /// `148x105mm`), or a paper's name (`PrintSize.papers`). A size in pixels is checked here
    /// (each side 1 to `PrintSize.maximumSide`); a physical one once its resolution is known.
    public init(parsing text: String) throws(StyleError) {
        let lowered = PrintSize.papers[text.lowercased()] ?? text.lowercased()
        let letters = lowered.reversed().prefix { $0.isLetter }.count
        let (numbers, suffix) = (lowered.dropLast(letters), lowered.suffix(letters))
        let sides = numbers.split(separator: "x", omittingEmptySubsequences: false)
        guard let unit = suffix.isEmpty ? .pixels : LengthUnit(rawValue: String(suffix)), sides.count == 2,
              let width = Length(number: sides[0], unit: unit), let height = Length(number: sides[1], unit: unit) else {
            throw .badSize(text)
        }
        self.width = width
        self.height = height
        self.text = text
        if !unit.isPhysical { _ = try PrintSize(self, dpi: nil) }
    }

    public var description: String { text }
}
