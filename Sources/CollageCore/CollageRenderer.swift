/// Draws a selection: each photo an aspect-fill centre crop in its tile, on white.
public enum CollageRenderer {
    public static func render(_ photos: [Photo], canvas: PixelSize) -> RGBImage {
        var collage = RGBImage(size: canvas, filledWith: .white)
        for (photo, tile) in zip(photos, CollageLayout.tiles(count: photos.count, canvas: canvas)) {
            let region = SourceRegion.centreCrop(of: photo.image.size, toFill: tile.size)
            collage.draw(photo.image, region: region, into: tile)
        }
        return collage
    }
}
