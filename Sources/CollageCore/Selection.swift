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
    /// Completed before it was full: a booth's batch that timed out or was finished by the operator.
    public private(set) var isClosed = false
    /// No photo joins it any more: full, or closed early.
    public var isComplete: Bool { isFull || isClosed }

    /// This selection, completed with the photos it has.
    public func closed() -> Selection {
        var closed = self
        closed.isClosed = true
        return closed
    }

    /// This selection without the photo named `name` (a retake), as the app's Clear and Add would
    /// make it: the others in their order.
    public func removing(_ name: PathName) -> Selection {
        var left = self
        left.photos.removeAll { $0.name == name }
        return left
    }

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

    /// Takes `photo`, which the rule book (`PhotoRuleBook.decide`) decided to use.
    public mutating func take(_ photo: Photo) {
        photos.append(photo)
    }

    /// Puts `photo` in the place of the photo named `name` (a better copy of it): the collage
    /// keeps its layout, with the better pixels. False when no photo has that name.
    public mutating func replace(_ name: PathName, with photo: Photo) -> Bool {
        guard let index = photos.firstIndex(where: { $0.name == name }) else { return false }
        photos[index] = photo
        return true
    }

    /// The photo named `name`, if taken.
    public func photo(named name: PathName) -> Photo? {
        photos.first { $0.name == name }
    }

    private mutating func add(_ photo: Photo, refusedBy duplicate: Rejection?) throws(Rejection) {
        if let rejection = duplicate ?? PhotoRules.withinLimit(photos, limit: limit) {
            throw rejection
        }
        photos.append(photo)
    }
}
