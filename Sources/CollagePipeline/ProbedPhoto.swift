public import CollageCore
public import CollageImaging

/// A photo whose header has been read: enough for the landscape rule, with the decode deferred
/// until the pipeline knows the size to keep it at.
public struct ProbedPhoto: Sendable {
    /// As displayed, after EXIF orientation.
    public let size: PixelSize
    /// The memory its decode takes, from its header: what the read-ahead's budget counts.
    public let decodeBytes: Int
    private let decoder: @Sendable (PixelSize) async -> Result<Photo, Rejection>
    /// A decode made ahead of the chain (`PrefetchingReader`), and the size it was kept at.
    private var ahead: (kept: PixelSize, result: Result<Photo, Rejection>)?

    public init(size: PixelSize, decodeBytes: Int = 0, decode: @escaping @Sendable (PixelSize) async -> Result<Photo, Rejection>) {
        self.size = size
        self.decodeBytes = decodeBytes
        decoder = decode
    }

    /// Decodes the photo once, upright, at `kept` (the size for the largest tile it can get):
    /// the decode made ahead when it was made at that size.
    public func decode(keeping kept: PixelSize) async -> Result<Photo, Rejection> {
        if let ahead, ahead.kept == kept { return ahead.result }
        return await decoder(kept)
    }

    /// Decodes now, ahead of the chain, at the size it will ask for.
    mutating func decodeAhead(keeping kept: PixelSize) async {
        ahead = (kept, await decoder(kept))
    }
}
