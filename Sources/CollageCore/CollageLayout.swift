/// The grid of the book's `UIImage.collage(images:size:)`: one row below three photos, two rows
/// from three on, columns = round(count / rows). Where the book left an empty slot for an odd
/// count, the last row here holds fewer, wider tiles, so every collage can be saved.
public enum CollageLayout {
    /// The app's limit: the Add button was disabled at six.
    public static let maximumPhotos = 6
    /// The most photos `--limit` allows: beyond it tiles become too small to be photos.
    public static let maximumLimit = 100

    public static func rows(for count: Int) -> Int { count < 3 ? 1 : 2 }

    public static func columns(for count: Int) -> Int {
        Int((Double(count) / Double(rows(for: count))).rounded(.toNearestOrAwayFromZero))
    }

    /// The tile of each photo, in order, left to right and top to bottom. Edges fall on whole
    /// pixels and the tiles cover the canvas exactly, whatever its size.
    public static func tiles(count: Int, canvas: PixelSize) -> [PixelRect] {
        guard count > 0 else { return [] }
        let rows = rows(for: count)
        let columns = columns(for: count)
        var tiles: [PixelRect] = []
        for row in 0..<rows {
            let inRow = row == rows - 1 ? count - columns * (rows - 1) : columns
            let top = row * canvas.height / rows
            let bottom = (row + 1) * canvas.height / rows
            for column in 0..<inRow {
                let left = column * canvas.width / inRow
                let right = (column + 1) * canvas.width / inRow
                tiles.append(PixelRect(x: left, y: top, width: right - left, height: bottom - top))
            }
        }
        return tiles
    }

    /// The size at which to keep the `index`-th accepted photo (0-based) so that every tile it
    /// can get, as more photos join, is drawn by shrinking, never by enlarging: the photo is
    /// decoded once and each later collage re-lays it out from this copy. Never above `photo`;
    /// never below twice the duplicate check's thumbnail, so that however small the collage,
    /// the thumbnail is area-averaged from enough pixels to compare photos as at full size.
    public static func keptSize(of photo: PixelSize, at index: Int, limit: Int = maximumPhotos, canvas: PixelSize) -> PixelSize {
        let floor = PixelSize(width: 2 * Thumbnail.size.width, height: 2 * Thumbnail.size.height)
        var scale = max(Double(floor.width) / Double(photo.width), Double(floor.height) / Double(photo.height))
        for count in (index + 1)...max(index + 1, limit) {
            let tile = tiles(count: count, canvas: canvas)[index]
            scale = max(scale, Double(tile.width) / Double(photo.width), Double(tile.height) / Double(photo.height))
        }
        if scale >= 1 { return photo }
        func scaled(_ length: Int) -> Int { max(1, min(length, Int((Double(length) * scale - 1e-6).rounded(.up)))) }
        return PixelSize(width: scaled(photo.width), height: scaled(photo.height))
    }
}
