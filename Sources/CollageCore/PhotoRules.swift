/// The app's acceptance rules, each on its own so it can be tested with values alone. The
/// pipeline applies them in this order: landscape (from the header, before decoding), unique,
/// then the limit.
public enum PhotoRules {
    /// Landscape only: strictly wider than tall as displayed.
    public static func landscape(_ displayed: PixelSize) -> Rejection? {
        displayed.isLandscape ? nil : .notLandscape(displayed)
    }

    /// No photo twice: a fingerprint within the threshold of one already taken is a duplicate.
    public static func unique(_ fingerprint: Fingerprint, among taken: [Photo]) -> Rejection? {
        taken.first { $0.fingerprint.isSamePhoto(as: fingerprint) }.map { .duplicate(of: $0.name) }
    }

    /// At most six photos.
    public static func withinLimit(_ taken: [Photo], limit: Int = CollageLayout.maximumPhotos) -> Rejection? {
        taken.count < limit ? nil : .overLimit(limit)
    }
}
