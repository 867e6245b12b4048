public import CollageImaging

/// A line of text under (or over) every tile, as on a photographer's proof sheet (`montage
/// -label '%f'`): `--label '{name}'`. The line takes a strip of its tile's cell, so the photo
/// shares the cell with it and the text never leaves the cell.
///
/// The text is set at the largest size that fits the strip (as a caption fits its band), down
/// to `minimumFraction` of the strip's height; a line still too wide at that size (a long file
/// name in a small cell) loses characters from its middle, replaced by "…", until it fits, so
/// both its start and its end (a name's number and extension) stay readable.
public struct TileLabel: Hashable, Sendable {
    public var template: CaptionTemplate
    public var position: CaptionStyle.Position
    public var colour: RGB
    /// A fontconfig pattern or a font file, as a caption's.
    public var font: String

    /// The strip's share of its cell's height, and at most of its width (a tall cell on a proof
    /// sheet would otherwise get a strip whose text is too wide for it).
    public static let stripFraction = 0.12
    public static let stripWidthFraction = 0.15
    /// The smallest strip: a line under this many pixels cannot be read.
    public static let minimumStrip = 10
    /// The smallest text before elision, as a share of the strip's height.
    public static let minimumFraction = 0.4
    public static let ellipsis = "…"

    public init(template: CaptionTemplate, position: CaptionStyle.Position = .bottom, colour: RGB = .black,
                font: String = CaptionStyle.defaultFont) {
        self.template = template
        self.position = position
        self.colour = colour
        self.font = font
    }

    /// The cell `tile` split in two: where the photo is drawn, and the label's strip.
    public func split(_ tile: PixelRect) -> (photo: PixelRect, strip: PixelRect) {
        let share = min(Double(tile.height) * Self.stripFraction, Double(tile.width) * Self.stripWidthFraction)
        let strip = min(max(0, tile.height - 1), max(Self.minimumStrip, Int(share.rounded())))
        let photoHeight = tile.height - strip
        switch position {
        case .bottom:
            return (PixelRect(x: tile.x, y: tile.y, width: tile.width, height: photoHeight),
                    PixelRect(x: tile.x, y: tile.y + photoHeight, width: tile.width, height: strip))
        case .top:
            return (PixelRect(x: tile.x, y: tile.y + strip, width: tile.width, height: photoHeight),
                    PixelRect(x: tile.x, y: tile.y, width: tile.width, height: strip))
        }
    }

    /// The line as set in a strip of `strip`: the text (elided if it had to be) and its size.
    public static func fit(_ line: String, in strip: PixelSize, measure: (String, Int) throws -> LineExtent) rethrows -> (text: String, pixels: Int) {
        func fits(_ text: String, _ pixels: Int) throws -> Bool {
            CaptionLayout.fits([try measure(text, pixels)], in: strip)
        }
        let floor = max(1, Int((Double(strip.height) * minimumFraction).rounded(.down)))
        let largest = try CaptionLayout.largestSize(upTo: strip.height) { try fits(line, $0) }
        if largest >= floor, try fits(line, largest) { return (line, largest) }
        // Too long at the smallest size: drop characters from the middle, a few at a time.
        let characters = Array(line)
        var kept = characters.count
        while kept > 1 {
            kept -= 1
            let text = elided(characters, keeping: kept)
            if try fits(text, floor) { return (text, floor) }
        }
        return (ellipsis, floor)
    }

    /// `characters` with only `keeping` of them left, the start and end, joined by "…".
    static func elided(_ characters: [Character], keeping: Int) -> String {
        let head = (keeping + 1) / 2, tail = keeping - head
        return String(characters.prefix(head)) + ellipsis + String(characters.suffix(tail))
    }

    /// The line's coverage in its strip: fitted (`fit`), centred.
    public static func typeset(_ line: String, in strip: PixelSize, typesetter: any CaptionTypesetter) throws -> AlphaMask {
        let (text, pixels) = try fit(line, in: strip) { try typesetter.extent(of: $0, pixels: Double($1)) }
        let extent = try typesetter.extent(of: text, pixels: Double(pixels))
        return try typesetter.draw(CaptionLayout.place([text], extents: [extent], in: strip, alignment: .centre),
                                   pixels: Double(pixels), size: strip)
    }
}
