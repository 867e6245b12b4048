public import CollageCore
public import CollageImaging

/// What a file's header says, read before any pixel is decoded.
public struct ImageHeader: Sendable, Equatable {
    public let format: ImageFormat
    public let storedSize: PixelSize
    public let orientation: Orientation
    /// A progressive JPEG: decoded in several passes, so DCT scaling saves less.
    public var progressive = false
    /// When the photo was taken (EXIF `DateTimeOriginal`), when the file says.
    public var taken: DateFields?
    /// The memory decoding this image takes, known from its header (each codec says: a
    /// progressive JPEG's whole coefficient buffer, a PNG's whole image, a HEIF's planes at full
    /// size, a WebP's frame): what `--max-memory` and the read-ahead's budget count.
    public var decodeBytes = 0
    /// The embedded colour profile, applied once the photo is decoded at its kept size
    /// (`OpenedImage.decode(at:)`); nil: the photo is sRGB.
    public var colorProfile: ColorProfile?

    public var displayedSize: PixelSize { orientation.displayedSize(of: storedSize) }

    /// Refuses a decompression bomb from its header, before any allocation.
    func check(_ limits: DecodeLimits) throws(DecodeError) {
        if storedSize.width <= 0 || storedSize.height <= 0 {
            throw .corrupt(format: format, reason: "empty image \(storedSize)")
        }
        if storedSize.area > limits.maximumPixels {
            throw .tooLarge(storedSize, limit: limits.maximumPixels)
        }
        if decodeBytes > limits.maximumDecodeBytes {
            throw .needsMemory(bytes: decodeBytes, limit: limits.maximumDecodeBytes)
        }
    }
}
