/// The app's acceptance rules, each on its own so it can be tested with values alone. The
/// pipeline applies them in this order: shape (from the header, before decoding), unique,
/// then the limit.
public enum PhotoRules {
    /// Landscape only, by default: strictly wider than tall as displayed.
    public static func shape(_ displayed: PixelSize, accepted: AcceptedShape = .landscape) -> Rejection? {
        accepted.accepts(displayed) ? nil : .shape(displayed, accepted: accepted)
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
