public import CollageCanvas
public import CollageCore
public import CollageImaging
internal import CollageFiles

extension CollageRenderer {
    /// Collage number `batch` as printed, its caption and labels filled (`captionValues`) with
    /// `today` the run's clock read once for this collage.
    public static func render(_ photos: [Photo], canvas: PixelSize, style: CollageStyle, decorations: Decorations,
                              batch: Int, firstNumber: Int = 1, today: DateFields, reusing previous: DrawnTiles? = nil,
                              keepingTiles: Bool = false) throws -> RenderedCollage {
        let (values, labels) = captionValues(photos, style: style, batch: batch, firstNumber: firstNumber, today: today)
        return try render(photos, canvas: canvas, style: style, decorations: decorations, values: values, labels: labels,
                          reusing: previous, keepingTiles: keepingTiles)
    }

    /// The caption's placeholders: the first photo's EXIF date (else `today`), `today` (`{today}`),
    /// the number and the photo count. Each photo's label (with `style.label`) names it, its own
    /// date (none without EXIF) and size, and its number in the run: `firstNumber` for the first.
    static func captionValues(_ photos: [Photo], style: CollageStyle, batch: Int, firstNumber: Int,
                              today: DateFields) -> (caption: CaptionValues, labels: [CaptionValues]) {
        let caption = CaptionValues(date: photos.first?.taken ?? today, today: today, number: batch, photos: photos.count)
        let labels = style.label == nil ? [] : photos.enumerated().map { index, photo in
            CaptionValues(date: photo.taken, today: today, number: firstNumber + index, photos: photos.count,
                          name: PathParts(photo.name).name.description, size: photo.size)
        }
        return (caption, labels)
    }
}
