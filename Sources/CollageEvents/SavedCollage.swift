public import CollageCore
public import CollageImaging

/// A collage written: what the writer's Single yields.
public struct SavedCollage: Sendable, Equatable {
    public let destination: CollageDestination
    public let format: ImageFormat
    public let size: PixelSize
    public let bytes: Int
    /// The SHA-256 of the bytes written: how a photo booth's journal knows its own files.
    public let content: ContentHash
    /// The pixels written, kept only when someone will show them (`--preview`).
    public var image: RGBImage?

    public init(destination: CollageDestination, format: ImageFormat, size: PixelSize, bytes: Int, content: ContentHash,
                image: RGBImage? = nil) {
        self.destination = destination
        self.format = format
        self.size = size
        self.bytes = bytes
        self.content = content
        self.image = image
    }
}
