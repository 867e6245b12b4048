public import CollageImaging
/// The app's acceptance rules, each on its own so it can be tested with values alone. The
/// pipeline applies them in this order: shape (from the header, before decoding), unique,
/// then the limit.
public enum PhotoRules {
    /// Landscape only, by default: strictly wider than tall as displayed.
    public static func shape(_ displayed: PixelSize, accepted: AcceptedShape = .landscape) -> Rejection? {
        accepted.accepts(displayed) ? nil : .shape(displayed, accepted: accepted)
    }

    /// No photo twice: a copy of a photo already taken (within `similarity`, see
    /// `Thumbnail.distance(to:)`) is a duplicate, named after the first it copies. Another shot
    /// of the same scene is not.
    public static func unique(
        _ photo: Photo, among taken: [Photo], similarity: Double = Thumbnail.samePhotoThreshold
    ) -> Rejection? {
        taken.lazy.map { Resemblance(of: photo, to: $0) }
            .first { $0.isDuplicate(similarity: similarity) }
            .map { .duplicate(of: $0.photo.name) }
    }

    /// The photo taken before that `photo` is closest to on the `--similarity` scale (the first
    /// of equals), or nil when none was: what `inspect` reports.
    public static func nearest(to photo: Photo, among taken: [Photo]) -> Resemblance? {
        taken.map { Resemblance(of: photo, to: $0) }.min { $0.distance < $1.distance }
    }

    /// At most six photos.
    public static func withinLimit(_ taken: [Photo], limit: Int = CollageLayout.maximumPhotos) -> Rejection? {
        taken.count < limit ? nil : .overLimit(limit)
    }
}
