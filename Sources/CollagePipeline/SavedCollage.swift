public import CollageCodecs
public import CollageCore

/// A collage written: what the writer's Single yields.
public struct SavedCollage: Sendable, Hashable {
    public let destination: CollageDestination
    public let format: ImageFormat
    public let size: PixelSize
    public let bytes: Int

    public init(destination: CollageDestination, format: ImageFormat, size: PixelSize, bytes: Int) {
        self.destination = destination
        self.format = format
        self.size = size
        self.bytes = bytes
    }
}
