public import CollageImaging
/// The app's acceptance rules, each on its own so it can be tested with values alone. The
/// pipeline applies them in this order: shape (from the header, before decoding), unique,
/// then the limit.
public enum PhotoRules {
    /// The app's limit: the Add button was disabled at six.
    public static let maximumPhotos = 6

    /// Landscape only, by default: strictly wider than tall as displayed.
    public static func shape(_ displayed: PixelSize, accepted: AcceptedShape = .landscape) -> Rejection? {
        accepted.accepts(displayed) ? nil : .shape(displayed, accepted: accepted)
    }

    /// No photo twice: a copy of a photo already taken (within `similarity`, see
    /// `Thumbnail.distance(to:)`) is a duplicate, named after the first it copies. Another shot
    /// of the same scene is not. In two stages: only a photo taken whose fingerprint makes it a
    /// candidate has its thumbnail compared.
    public static func unique(
        _ photo: Photo, among taken: [Photo], similarity: Double = Thumbnail.samePhotoThreshold
    ) -> Rejection? {
        let candidates = taken.lazy.filter { photo.fingerprint.isCandidate(for: $0.fingerprint) }
        return unique(among: candidates.map { Resemblance(of: photo, to: $0) }, similarity: similarity)
    }

    /// The same rule on comparisons already made with the photos taken, in the order taken: where
    /// the nearest is wanted too, each photo is compared once for both.
    public static func unique(
        among resemblances: some Sequence<Resemblance>, similarity: Double = Thumbnail.samePhotoThreshold
    ) -> Rejection? {
        resemblances.first { $0.isDuplicate(similarity: similarity) }.map { .duplicate(of: $0.photo.name) }
    }

    /// The photo taken before that `photo` is closest to on the `--similarity` scale (the first
    /// of equals), or nil when none was: what `inspect` reports. Over every photo taken, not
    /// only the candidates, so every thumbnail is compared.
    public static func nearest(to photo: Photo, among taken: [Photo]) -> Resemblance? {
        nearest(among: taken.map { Resemblance(of: photo, to: $0) })
    }

    /// The same on comparisons already made.
    public static func nearest(among resemblances: some Sequence<Resemblance>) -> Resemblance? {
        resemblances.min { $0.distance < $1.distance }
    }

    /// Which of two copies of one photo a collage keeps: the one with more pixels (the original,
    /// not a phone's shrunk re-encode); of equal size, a format cameras and phones write (JPEG,
    /// HEIC, HEIF) over one that conversions write (PNG, WebP, AVIF: editors, messaging apps,
    /// the web); else the first. True when `photo` should replace `kept`.
    public static func isBetterCopy(_ photo: Photo, than kept: Photo) -> Bool {
        func rank(_ photo: Photo) -> (Int, Int) {
            let cameraFormat = ["JPEG", "HEIC", "HEIF"].contains(photo.decoding?.format ?? "")
            return (photo.size.area, cameraFormat ? 1 : 0)
        }
        return rank(photo) > rank(kept)
    }

    /// At most six photos.
    public static func withinLimit(_ taken: [Photo], limit: Int = maximumPhotos) -> Rejection? {
        taken.count < limit ? nil : .overLimit(limit)
    }
}
