public import CollageCore
public import CollageImaging
/// How a photo fills its tile (`--fit`). `cover`, the book's: the photo fills the tile and its
/// crop (`CropStrategy`) is cut away, fine where the tiles have the photos' shape. `contain`,
/// `montage`'s: the whole photo, as large as the tile allows, centred on the background, which
/// shows beside or above and below it: what a proof sheet is for (choosing shots whole).
public enum TileFit: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case cover
    case contain

    /// `cover` or `contain`, in any case.
    public init(parsing text: String) throws(StyleError) {
        guard let fit = TileFit(rawValue: text.lowercased()) else { throw .badFit(text) }
        self = fit
    }

    /// Where `photo` is drawn in `tile` and which part of it shows.
    public func placement(of photo: Photo, in tile: PixelRect, crop: CropStrategy) -> TilePlacement {
        switch self {
        case .cover:
            return TilePlacement(photo: photo, tile: tile, region: crop.region(of: photo.image, toFill: tile.size))
        case .contain:
            let whole = SourceRegion(x: 0, y: 0, width: Double(photo.image.width), height: Double(photo.image.height))
            return TilePlacement(photo: photo, tile: Decorations.fitted(photo.size, in: tile), region: whole)
        }
    }

    public var description: String { rawValue }
}
