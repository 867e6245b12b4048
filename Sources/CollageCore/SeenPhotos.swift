internal import CollageImaging
/// Every photo taken in a run of any length, for the duplicate rule across it: each kept as its
/// name, size, fingerprint and thumbnail (3 KB), never its pixels, and found through a
/// `FingerprintIndex`, so a new photo's thumbnail is compared only with its fingerprint's
/// candidates, not with every photo taken.
///
/// `PhotoRules.unique(among:)` over `resemblances(of:)` decides as over every photo taken (a
/// photo that is not a candidate is never a duplicate), naming the same first copy. The nearest
/// (`PhotoRules.nearest(among:)`) is the nearest among the candidates: nil when none is.
public struct SeenPhotos: Sendable {
    private var index = FingerprintIndex(radius: Fingerprint.candidateThreshold)
    private var photos: [Photo] = []

    public init() {}

    public var count: Int { photos.count }

    /// How `photo` resembles each photo taken whose fingerprint makes it a candidate, in the
    /// order taken.
    public func resemblances(of photo: Photo) -> [Resemblance] {
        index.near(photo.fingerprint).map { Resemblance(of: photo, to: photos[$0]) }
    }

    /// Takes `photo`: later photos are compared with it. Its pixels are dropped.
    public mutating func insert(_ photo: Photo) {
        index.insert(photo.fingerprint)
        var kept = Photo(name: photo.name, size: photo.size, image: Self.noPixels, fingerprint: photo.fingerprint, thumbnail: photo.thumbnail)
        kept.taken = photo.taken
        photos.append(kept)
    }

    private static let noPixels = RGBImage(size: PixelSize(width: 1, height: 1))
}
