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
/// photo taken is shown by its name, size and format: its `taken` date and the rest of its
/// decoding are not kept. A better copy takes the place of the copy taken (`replace`): the
/// copy's entry is retired, and the better one answers in its place in the order.
public struct SeenPhotos {
    private var index = FingerprintIndex(radius: Fingerprint.candidateThreshold)
    /// Each entry's name, size, format (what `PhotoRules.isBetterCopy` weighs) and place in the
    /// order taken; its fingerprint is the index's.
    private var photos: [Entry] = []
    /// Entries a better copy replaced.
    private var retired: Set<Int> = []
    private var thumbnails: any ThumbnailStore

    public init(thumbnails: any ThumbnailStore = ThumbnailsInMemory()) {
        self.thumbnails = thumbnails
    }

    /// The photos taken, a replaced copy not counted.
    public var count: Int { photos.count - retired.count }

    /// How `photo` resembles each photo taken whose fingerprint makes it a candidate, in the
    /// order taken: each candidate's thumbnail is read back. A thumbnail the store cannot read
    /// back leaves its photo out (the store says so).
    public func resemblances(of photo: Photo) -> [Resemblance] {
        let live = index.near(photo.fingerprint).filter { !retired.contains($0) }.sorted { photos[$0].place < photos[$1].place }
        return live.compactMap { entry in
            guard let thumbnail = thumbnails.thumbnail(entry) else { return nil }
            let seen = photos[entry]
            var earlier = Photo(name: seen.name, size: seen.size, image: Self.noPixels, fingerprint: index.fingerprints[entry], thumbnail: thumbnail)
            earlier.decoding = seen.format.map { DecodeDetails(format: $0, storedSize: seen.size, orientation: .up, scale: 1) }
            return Resemblance(of: photo, to: earlier)
        }
    }

    /// Takes `photo`: later photos are compared with it. Its pixels are dropped, its thumbnail stored.
    public mutating func insert(_ photo: Photo) {
        insert(photo, place: photos.count)
    }

    /// Takes `photo`, a better copy of the photo taken named `name`, in its place: later photos
    /// are compared with it where they were with that one.
    public mutating func replace(_ name: PathName, with photo: Photo) {
        guard let entry = photos.indices.last(where: { photos[$0].name == name && !retired.contains($0) }) else { return insert(photo) }
        retired.insert(entry)
        insert(photo, place: photos[entry].place)
    }

    private mutating func insert(_ photo: Photo, place: Int) {
        index.insert(photo.fingerprint)
        thumbnails.append(photo.thumbnail)
        photos.append(Entry(name: photo.name, size: photo.size, format: photo.decoding?.format, place: place))
    }

    private struct Entry {
        let name: PathName
        let size: PixelSize
        let format: String?
        let place: Int
    }

    private static let noPixels = RGBImage(size: PixelSize(width: 1, height: 1))
}
