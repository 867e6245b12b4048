internal import CollageCore
public import CollageImaging
/// The size the chain keeps each accepted photo at: large enough that the tile it is finally
/// drawn in is drawn by shrinking, never enlarging; no larger, since every pixel kept was decoded
/// and resampled for nothing.
public enum KeptSizePlan: Hashable, Sendable {
    /// `watch`: photos arrive one by one and the collage grows, so each is kept for the largest
    /// tile its place can get as more photos join, up to the limit (`CollageLayout.keptSize`).
    case growing
    /// `build`: the files are known up front, so the collage is planned to hold `count` photos
    /// (the limit, or fewer when fewer files are given). The file at `index` in the list can only
    /// land at places 0…index (files before it may be refused), so it is kept for the largest of
    /// those tiles. The size depends on the file's place in the list, never on what the chain
    /// decided before it: a photo can be decoded ahead of the chain, in parallel, with the result
    /// a sequential run gives. A collage that ends with fewer photos than planned has larger
    /// tiles: `size(of:covering:)` says which kept copies fall short.
    case planned(count: Int)

    /// Whether a file's kept size is known before the chain reaches it, so that it may be
    /// decoded ahead.
    public var isKnownAhead: Bool {
        if case .planned = self { return true }
        return false
    }

    /// The size to keep `photo` (as displayed) at: the `file`-th file of the source, arriving when
    /// `position` photos are taken.
    public func keptSize(of photo: PixelSize, file: Int, position: Int, in layout: Layout) -> PixelSize {
        switch self {
        case .growing:
            return CollageLayout.keptSize(of: photo, at: position, canvas: layout.canvas, style: layout.style, limit: layout.limit)
        case .planned(let count):
            let count = max(1, count)
            let tiles = layout.tiles(count: count)
            return Self.size(of: photo, covering: tiles.prefix(min(file, count - 1) + 1))
        }
    }

    /// The smallest size of `photo` (keeping its aspect) from which every one of `tiles` is drawn
    /// by shrinking: an aspect-fill crop of it has at least the tile's pixels. Never above the
    /// photo; never below twice the duplicate check's thumbnail, so the thumbnail is area-averaged
    /// from enough pixels to compare photos as at full size.
    public static func size(of photo: PixelSize, covering tiles: some Sequence<PixelRect>) -> PixelSize {
        let floor = PixelSize(width: 2 * Thumbnail.size.width, height: 2 * Thumbnail.size.height)
        var scale = max(Double(floor.width) / Double(photo.width), Double(floor.height) / Double(photo.height))
        for tile in tiles {
            scale = max(scale, Double(tile.width) / Double(photo.width), Double(tile.height) / Double(photo.height))
        }
        if scale >= 1 { return photo }
        func scaled(_ length: Int) -> Int { max(1, min(length, Int((Double(length) * scale - 1e-6).rounded(.up)))) }
        return PixelSize(width: scaled(photo.width), height: scaled(photo.height))
    }
}
