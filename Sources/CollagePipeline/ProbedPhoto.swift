public import CollageCodecs
public import CollageCore
public import CollageImaging

/// A photo whose header has been read: enough for the shape rule, with the decode deferred
/// until the pipeline knows the size to keep it at.
public struct ProbedPhoto: Sendable {
    /// As displayed, after EXIF orientation.
    public let size: PixelSize
    /// The memory its decode takes, from its header: what the read-ahead's budget counts.
    public let decodeBytes: Int
    /// The header itself, when read from a file: what `inspect` shows.
    public let header: ImageHeader?
    private let decoder: @Sendable (PixelSize) async -> Result<Photo, Rejection>

    public init(size: PixelSize, decodeBytes: Int = 0, header: ImageHeader? = nil,
                decode: @escaping @Sendable (PixelSize) async -> Result<Photo, Rejection>) {
        self.size = size
        self.decodeBytes = decodeBytes
        self.header = header
        decoder = decode
    }

    /// Decodes the photo, upright, at `kept` (the size for the largest tile it can get).
    public func decode(keeping kept: PixelSize) async -> Result<Photo, Rejection> {
        await decoder(kept)
    }
}
