public import CollageCanvas
public import CollageCore
public import CollageImaging

extension CollageRenderer {
    /// Collage number `batch` as printed: its caption's placeholders filled from the first
    /// photo's EXIF date (else the time now), the time now, the number and the photo count.
    public static func render(_ photos: [Photo], canvas: PixelSize, style: CollageStyle, decorations: Decorations,
                              batch: Int) throws -> RenderedCollage {
        let now = DateFields.now()
        let values = CaptionValues(date: photos.first?.taken ?? now, today: now, number: batch, photos: photos.count)
        return try render(photos, canvas: canvas, style: style, decorations: decorations, values: values)
    }
}
