/// How close a photo comes to one taken before it: what the duplicate rule decides on and what
/// `inspect` reports.
public struct Resemblance: Sendable {
    /// The photo taken before.
    public let photo: Photo
    /// On the `--similarity` scale (`Thumbnail.distance(to:)`): 0 only for identical pictures.
    public let distance: Double
    /// Differing fingerprint bits, 0...128: the first stage.
    public let fingerprintDistance: Int
    /// The first stage's verdict (`Fingerprint.isCandidate(for:)`): close enough that the
    /// thumbnails decide.
    public let isCandidate: Bool

    public init(of candidate: Photo, to earlier: Photo) {
        photo = earlier
        distance = candidate.thumbnail.distance(to: earlier.thumbnail)
        fingerprintDistance = candidate.fingerprint.distance(to: earlier.fingerprint)
        isCandidate = candidate.fingerprint.isCandidate(for: earlier.fingerprint)
    }

    /// The same photo: the fingerprint makes it a candidate and the thumbnails agree within
    /// `similarity`.
    public func isDuplicate(similarity: Double = Thumbnail.samePhotoThreshold) -> Bool {
        isCandidate && distance <= similarity
    }
}
