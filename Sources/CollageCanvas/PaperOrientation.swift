public import CollageImaging

/// Which way a sheet lies: taller than wide, or wider than tall. A paper named without one
/// (`--size A4`) lies the way its grid suits (`suited`); `--portrait`, `--landscape`,
/// `A4-landscape` or its sides (`297x210mm`) fix it.
public enum PaperOrientation: String, Hashable, Sendable, CaseIterable {
    case portrait
    case landscape

    /// The way a `width` x `height` sheet lies (a square lies both ways: portrait here).
    public init(width: Double, height: Double) {
        self = width > height ? .landscape : .portrait
    }

    public init(of size: PixelSize) {
        self.init(width: Double(size.width), height: Double(size.height))
    }

    /// The way `canvas` should lie for a full collage of `count` photos in `style`: the one in
    /// which photos of `photoShape` (width / height: 3:2 for a camera's landscape), shown whole in
    /// their tiles, cover more of it. A proof sheet's 5x4 grid of 3:2 boxes fills a landscape A4
    /// (a portrait one left 58 % of the page blank); a 1x4 strip fills a portrait one. Nil when
    /// both ways cover the same: the canvas lies as it was given.
    public static func suited(canvas: PixelSize, style: CollageStyle, count: Int, photoShape: Double) -> PaperOrientation? {
        let turned = canvas.transposed
        let (asGiven, other) = (coverage(canvas, style: style, count: count, photoShape: photoShape),
                                coverage(turned, style: style, count: count, photoShape: photoShape))
        guard abs(asGiven - other) > 1e-9 else { return nil }
        return PaperOrientation(of: asGiven > other ? canvas : turned)
    }

    /// The share of `canvas` that `count` photos of `photoShape`, each shown whole and as large
    /// as its tile allows (a label's strip left to the label), cover; 0 when the style leaves a
    /// tile no room there.
    public static func coverage(_ canvas: PixelSize, style: CollageStyle, count: Int, photoShape: Double) -> Double {
        guard count > 0, photoShape > 0, (try? style.validate(canvas: canvas, limit: count)) != nil else { return 0 }
        let tiles = CollageLayout.tiles(count: count, canvas: canvas, style: style).map { style.label?.split($0).photo ?? $0 }
        let covered = tiles.reduce(0.0) { total, tile in
            let (width, height) = (Double(tile.width), Double(tile.height))
            return total + min(width, height * photoShape) * min(height, width / photoShape)
        }
        return covered / Double(canvas.width * canvas.height)
    }
}

extension PrintSize {
    /// This size laid the way `orientation` says: its sides swapped when it lies the other way.
    public func laid(_ orientation: PaperOrientation) -> PrintSize {
        guard pixels.width != pixels.height, PaperOrientation(of: pixels) != orientation else { return self }
        return PrintSize(pixels: pixels.transposed, dpi: dpi, unit: unit)
    }
}
