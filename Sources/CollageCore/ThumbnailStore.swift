internal import CollageImaging
/// Where `SeenPhotos` keeps the thumbnail of every photo taken, appended in the order taken and
/// read back by entry only when a later photo's fingerprint makes it a candidate: in memory
/// (`ThumbnailsInMemory`), or on disk (`ThumbnailFile`, CollageFiles) so that a run of any
/// length holds no thumbnail in memory.
public protocol ThumbnailStore {
    /// Keeps `thumbnail` as the next entry: 0, 1, …
    mutating func append(_ thumbnail: Thumbnail)
    /// The `entry`-th thumbnail kept, exactly as it was; nil when it cannot be read back.
    func thumbnail(_ entry: Int) -> Thumbnail?
}

/// Thumbnails in one array, 3 KB each: what a collage of a few photos, or a run whose thumbnails
/// cannot go to disk, keeps.
public struct ThumbnailsInMemory: ThumbnailStore, Sendable {
    private var luma: [UInt8] = []

    public init() {}

    public var count: Int { luma.count / Thumbnail.byteCount }

    public mutating func append(_ thumbnail: Thumbnail) {
        luma += thumbnail.luma
    }

    public func thumbnail(_ entry: Int) -> Thumbnail? {
        let area = Thumbnail.byteCount
        guard (0..<count).contains(entry) else { return nil }
        return Thumbnail(luma: Array(luma[entry * area..<(entry + 1) * area]))
    }
}

extension Thumbnail {
    /// The bytes of one thumbnail's luma: 3,072.
    public static var byteCount: Int { size.area }
}
