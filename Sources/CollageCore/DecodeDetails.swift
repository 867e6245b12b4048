public import CollageImaging
/// How a photo was decoded: what `--verbose` and the JSON report tell about each photo used.
public struct DecodeDetails: Sendable, Hashable {
    /// "JPEG" or "PNG".
    public var format: String
    /// The size stored in the file, before EXIF orientation.
    public var storedSize: PixelSize
    public var orientation: Orientation
    /// libjpeg's DCT scaling denominator: decoded at 1/scale (always 1 for PNG).
    public var scale: Int
    /// Time spent in the codec, and in resampling and turning the pixels upright.
    public var decodeTime: Duration
    public var resampleTime: Duration
    /// The embedded colour profile, and whether it was applied.
    public var color: ColorManagement

    public init(format: String, storedSize: PixelSize, orientation: Orientation, scale: Int,
                decodeTime: Duration = .zero, resampleTime: Duration = .zero, color: ColorManagement = .none) {
        self.format = format
        self.storedSize = storedSize
        self.orientation = orientation
        self.scale = scale
        self.decodeTime = decodeTime
        self.resampleTime = resampleTime
        self.color = color
    }
}
