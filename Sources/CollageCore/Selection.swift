/// The photos chosen so far: the value the pipeline scans each accepted photo into.
public struct Selection: Sendable {
    public private(set) var photos: [Photo] = []
    public let limit: Int
    /// The duplicate rule's threshold on the `--similarity` scale.
    public let similarity: Double

    public init(limit: Int = PhotoRules.maximumPhotos, similarity: Double = Thumbnail.samePhotoThreshold) {
        self.limit = limit
        self.similarity = similarity
    }

    public var count: Int { photos.count }
    public var isFull: Bool { photos.count >= limit }

    /// Takes `photo` unless a rule refuses it (the landscape rule ran before decoding).
    public mutating func add(_ photo: Photo) throws(Rejection) {
        try add(photo, refusedBy: PhotoRules.unique(photo, among: photos, similarity: similarity))
    }

    /// The same, with `photo` already compared with each of `photos`, in order: the pipeline
    /// compares once for the duplicate rule and for the nearest it reports.
    public mutating func add(_ photo: Photo, resemblances: [Resemblance]) throws(Rejection) {
        precondition(resemblances.map(\.photo.name) == photos.map(\.name), "compared with every photo in the selection, in order")
        try add(photo, refusedBy: PhotoRules.unique(among: resemblances, similarity: similarity))
    }

    private mutating func add(_ photo: Photo, refusedBy duplicate: Rejection?) throws(Rejection) {
        if let rejection = duplicate ?? PhotoRules.withinLimit(photos, limit: limit) {
            throw rejection
        }
        photos.append(photo)
    }
}
