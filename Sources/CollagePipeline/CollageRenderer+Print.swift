public import CollageCanvas
public import CollageCore
public import CollageImaging
internal import CollageFiles

extension CollageRenderer {
    /// Collage number `batch` as printed: its caption's placeholders filled from the first
    /// photo's EXIF date (else the time now), the time now (`{today}`), the number and the photo count. Each photo's label
    /// names it, its own date (none without EXIF) and size, and its number in the run: `firstNumber`
    /// for the first.
    public static func render(_ photos: [Photo], canvas: PixelSize, style: CollageStyle, decorations: Decorations,
                              batch: Int, firstNumber: Int = 1, reusing previous: DrawnTiles? = nil,
                              keepingTiles: Bool = false) throws -> RenderedCollage {
        let now = DateFields.now()
        let values = CaptionValues(date: photos.first?.taken ?? now, today: now, number: batch, photos: photos.count)
        let labels = style.label == nil ? [] : photos.enumerated().map { index, photo in
            CaptionValues(date: photo.taken, today: now, number: firstNumber + index, photos: photos.count,
                          name: PathParts(photo.name).name.description, size: photo.size)
        }
        return try render(photos, canvas: canvas, style: style, decorations: decorations, values: values, labels: labels,
                          reusing: previous, keepingTiles: keepingTiles)
    }
}
