internal import CollageImaging
/// Every photo taken in a run of any length, for the duplicate rule across it: of each, memory
/// keeps its name, size and fingerprint (about 40 bytes), never its pixels; its thumbnail (3 KB)
/// goes to a `ThumbnailStore` (a nameless file, for `build --pages`) and is read back only when
/// a new photo's fingerprint makes it a candidate, found through a `FingerprintIndex`, so a new
/// photo is compared only with its fingerprint's candidates, not with every photo taken.
///
/// `PhotoRules.unique(among:)` over `resemblances(of:)` decides as over every photo taken (a
/// photo that is not a candidate is never a duplicate), naming the same first copy. The nearest
/// (`PhotoRules.nearest(among:)`) is the nearest among the candidates: nil when none is. A
/// photo taken is shown by its name alone: its `taken` date and decoding are not kept.
public struct SeenPhotos {
    private var index = FingerprintIndex(radius: Fingerprint.candidateThreshold)
    /// Each photo's name and size, in the order taken; its fingerprint is the index's.
    private var photos: [(name: PathName, size: PixelSize)] = []
    private var thumbnails: any ThumbnailStore

    public init(thumbnails: any ThumbnailStore = ThumbnailsInMemory()) {
        self.thumbnails = thumbnails
    }

    public var count: Int { photos.count }

    /// How `photo` resembles each photo taken whose fingerprint makes it a candidate, in the
    /// order taken: each candidate's thumbnail is read back. A thumbnail the store cannot read
    /// back leaves its photo out (the store says so).
    public func resemblances(of photo: Photo) -> [Resemblance] {
        index.near(photo.fingerprint).compactMap { entry in
            guard let thumbnail = thumbnails.thumbnail(entry) else { return nil }
            let earlier = Photo(name: photos[entry].name, size: photos[entry].size, image: Self.noPixels,
                                fingerprint: index.fingerprints[entry], thumbnail: thumbnail)
            return Resemblance(of: photo, to: earlier)
        }
    }

    /// Takes `photo`: later photos are compared with it. Its pixels are dropped, its thumbnail stored.
    public mutating func insert(_ photo: Photo) {
        index.insert(photo.fingerprint)
        thumbnails.append(photo.thumbnail)
        photos.append((photo.name, photo.size))
    }

    private static let noPixels = RGBImage(size: PixelSize(width: 1, height: 1))
}
