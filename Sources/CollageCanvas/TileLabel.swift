public import CollageImaging

/// A line of text under (or over) every tile, as on a photographer's proof sheet (`montage
/// -label '%f'`): `--label '{name}'`. The line takes a strip of its tile's cell, so the photo
/// shares the cell with it and the text never leaves the cell.
///
/// The text is set at the largest size that fits the strip (as a caption fits its band), down
/// to `minimumFraction` of the strip's height, and every label of a sheet at the same size; a
/// line still too wide at that size (a long file name in a small cell) loses characters from
/// the middle of its file name, replaced by "…", so the name's start and end (its number and
/// extension) and the other placeholders stay readable.
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

    /// The line as set in a strip of `strip`, at most `ceiling` pixels: the text (elided if it
    /// had to be) and its size. Too wide at the smallest size, the file name's middle goes first
    /// (the other placeholders and the extension stay), then, if even that is too wide, the
    /// whole line's. How much is kept is found by bisection: a handful of measurements, not one
    /// per character (a 12,000-character label took 31 s shaped once per character dropped).
    public static func fit(_ line: LabelLine, in strip: PixelSize, upTo ceiling: Int? = nil,
                           measure: (String, Int) throws -> LineExtent) rethrows -> (text: String, pixels: Int) {
        func fits(_ text: String, _ pixels: Int) throws -> Bool {
            CaptionLayout.fits([try measure(text, pixels)], in: strip)
        }
        let top = min(strip.height, ceiling ?? strip.height)
        let floor = min(top, max(1, Int((Double(strip.height) * minimumFraction).rounded(.down))))
        let whole = line.text
        let largest = try CaptionLayout.largestSize(upTo: top) { try fits(whole, $0) }
        if largest >= floor, try fits(whole, largest) { return (whole, largest) }
        // Too long at the smallest size: the name's middle, then the line's.
        let stem = Array(line.stem)
        if let kept = try longest(upTo: stem.count - 1, fitting: { try fits(line.head + elided(stem, keeping: $0) + line.tail, floor) }) {
            return (line.head + elided(stem, keeping: kept) + line.tail, floor)
        }
        let characters = Array(whole)
        if let kept = try longest(upTo: characters.count - 1, fitting: { try fits(elided(characters, keeping: $0), floor) }) {
            return (elided(characters, keeping: kept), floor)
        }
        return (ellipsis, floor)
    }

    /// The largest count in 0...`most` that `fits` (which holds for every count below one that
    /// does: fewer characters are never wider), or nil when even 0 does not.
    static func longest(upTo most: Int, fitting fits: (Int) throws -> Bool) rethrows -> Int? {
        guard most >= 0, try fits(0) else { return nil }
        return try Bisection.largest(from: 0, to: most, passing: fits)
    }

    /// `characters` with only `keeping` of them left, the start and end, joined by "…".
    static func elided(_ characters: [Character], keeping: Int) -> String {
        let head = (keeping + 1) / 2, tail = keeping - head
        return String(characters.prefix(head)) + ellipsis + String(characters.suffix(tail))
    }

    /// The labels of one sheet, each in its strip, all at one size: the largest that every one
    /// of them fits at (a sheet whose labels change size from tile to tile looks careless), a
    /// long one elided at it.
    public static func fit(_ lines: [LabelLine], in strips: [PixelSize],
                           measure: (String, Int) throws -> LineExtent) rethrows -> [(text: String, pixels: Int)] {
        let common = try zip(lines, strips).map { line, strip in try fit(line, in: strip, measure: measure).pixels }.min()
        return try zip(lines, strips).map { line, strip in try fit(line, in: strip, upTo: common, measure: measure) }
    }

    /// The sheet's labels' coverage in their strips: fitted together (`fit`), each centred.
    public static func typeset(_ lines: [LabelLine], in strips: [PixelSize], typesetter: any CaptionTypesetter) throws -> [AlphaMask] {
        let fitted = try fit(lines, in: strips) { try typesetter.extent(of: $0, pixels: Double($1)) }
        return try zip(fitted, strips).map { fitted, strip in
            let extent = try typesetter.extent(of: fitted.text, pixels: Double(fitted.pixels))
            return try typesetter.draw(CaptionLayout.place([fitted.text], extents: [extent], in: strip, alignment: .centre),
                                       pixels: Double(fitted.pixels), size: strip)
        }
    }
}
