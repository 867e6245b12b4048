public import CollageImaging

/// `--size` as typed, before a resolution turns it into pixels: `1800x1200`, `6x4in`, `15x10cm`,
/// `A4`. Parsed on its own, once, by the command line's parser; `PrintSize(_:dpi:)` then makes
/// it pixels with `--dpi`, which only a physical size needs.
public struct RequestedSize: Hashable, Sendable, CustomStringConvertible {
    public let width: Length
    public let height: Length
    /// As typed, for messages and `--help`'s default.
    public let text: String
    /// A paper named without a way to lie (`A4`, not `A4-portrait` nor `210x297mm`): it lies the
    /// way that suits the grid (`PaperOrientation.suited`) unless `--portrait` or `--landscape`
    /// says.
    public let turnable: Bool

    public var unit: LengthUnit { width.unit }

    /// A size in pixels: `--size`'s default is 1800x1200, the book's canvas.
    public init(pixels: PixelSize) {
        width = Length(pixels: pixels.width)
        height = Length(pixels: pixels.height)
        text = pixels.description
        turnable = false
    }

    public static let standard = RequestedSize(pixels: PixelSize(width: 1800, height: 1200))

    /// `WxH` in pixels (`1800x1200`) or with a unit after both numbers (`6x4in`, `14.8x10.5cm`,
    /// `148x105mm`), or a paper's name (`PrintSize.papers`), with `-portrait` or `-landscape` to
    /// fix the way it lies (`A4-landscape`). A size in pixels is checked here (each side 1 to
    /// `PrintSize.maximumSide`); a physical one once its resolution is known.
    public init(parsing text: String) throws(StyleError) {
        let lowered = text.lowercased()
        let laid = PaperOrientation.allCases.first { lowered.hasSuffix("-" + $0.rawValue) }
        let named = PrintSize.papers[laid.map { String(lowered.dropLast($0.rawValue.count + 1)) } ?? lowered]
        guard laid == nil || named != nil else { throw .badSize(text) }
        let spelled = named ?? lowered
        let letters = spelled.reversed().prefix { $0.isLetter }.count
        let (numbers, suffix) = (spelled.dropLast(letters), spelled.suffix(letters))
        let sides = numbers.split(separator: "x", omittingEmptySubsequences: false)
        guard let unit = suffix.isEmpty ? .pixels : LengthUnit(rawValue: String(suffix)), sides.count == 2,
              let width = Length(number: sides[0], unit: unit), let height = Length(number: sides[1], unit: unit) else {
            throw .badSize(text)
        }
        let turn = laid.map { PaperOrientation(width: width.value, height: height.value) != $0 && width.value != height.value } ?? false
        (self.width, self.height) = turn ? (height, width) : (width, height)
        self.text = text
        turnable = named != nil && laid == nil
        if !unit.isPhysical { _ = try PrintSize(self, dpi: nil) }
    }

    private init(width: Length, height: Length, text: String) {
        self.width = width
        self.height = height
        self.text = text
        turnable = false
    }

    /// This size laid `orientation`'s way (`--portrait`, `--landscape`): its sides swapped when
    /// it lies the other way; a square as it is. No longer turnable.
    public func laid(_ orientation: PaperOrientation) -> RequestedSize {
        let turn = width.value != height.value && PaperOrientation(width: width.value, height: height.value) != orientation
        return turn ? RequestedSize(width: height, height: width, text: text) : RequestedSize(width: width, height: height, text: text)
    }

    public var description: String { text }
}
