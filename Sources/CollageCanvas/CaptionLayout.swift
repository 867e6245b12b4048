public import CollageImaging

/// Sets a caption's lines in its band: the size (forced, or the largest whose lines fit the
/// band's width and height inside a small inset, found by bisection over whole pixels), then
/// each line's pen, stacked and centred down the band, aligned across it.
public enum CaptionLayout {
    /// The inset on every side of the band: a twelfth of its height, at least a pixel.
    public static func inset(of band: PixelSize) -> Int { max(1, band.height / 12) }

    /// The largest whole pixel size at which `fits` holds, from 1 to `ceiling`; 1 when none does
    /// (the text is then clipped, never dropped).
    public static func largestSize(upTo ceiling: Int, fits: (Int) throws -> Bool) rethrows -> Int {
        try Bisection.largest(from: 1, to: max(1, ceiling), passing: fits)
    }

    /// Whether lines with these extents fit `band` within its inset.
    public static func fits(_ extents: [LineExtent], in band: PixelSize) -> Bool {
        let room = (Double(band.width - 2 * inset(of: band)), Double(band.height - 2 * inset(of: band)))
        let height = extents.reduce(0) { $0 + $1.ascent + $1.descent }
        return extents.allSatisfy { $0.width <= room.0 } && height <= room.1
    }

    /// The pens for `lines` of these extents in `band`: the block centred down the band, each
    /// line placed across it by `alignment` within the inset.
    public static func place(_ lines: [String], extents: [LineExtent], in band: PixelSize, alignment: CaptionStyle.Alignment) -> [PlacedLine] {
        let inset = Double(inset(of: band))
        let height = extents.reduce(0) { $0 + $1.ascent + $1.descent }
        var top = ((Double(band.height) - height) / 2).rounded()
        return zip(lines, extents).map { line, extent in
            let x: Double
            switch alignment {
            case .left: x = inset
            case .centre: x = ((Double(band.width) - extent.width) / 2).rounded()
            case .right: x = (Double(band.width) - inset - extent.width).rounded()
            }
            defer { top += extent.ascent + extent.descent }
            return PlacedLine(text: line, x: x, baseline: (top + extent.ascent).rounded())
        }
    }

    /// The caption's coverage in a band of `band`: sized (forced or fitted) and placed.
    public static func typeset(_ lines: [String], in band: PixelSize, style: CaptionStyle,
                               typesetter: any CaptionTypesetter) throws -> AlphaMask {
        let size = try style.size ?? largestSize(upTo: band.height) { size in
            fits(try lines.map { try typesetter.extent(of: $0, pixels: Double(size)) }, in: band)
        }
        let extents = try lines.map { try typesetter.extent(of: $0, pixels: Double(size)) }
        return try typesetter.draw(place(lines, extents: extents, in: band, alignment: style.alignment),
                                   pixels: Double(size), size: band)
    }
}
