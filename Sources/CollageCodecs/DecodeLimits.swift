/// Limits checked against a file's header before any pixel memory is allocated.
public struct DecodeLimits: Sendable, Equatable {
    /// Width x height of the stored image. 100 MP admits every phone and most cameras; a
    /// decompression bomb declares far more in a few bytes.
    public static let defaultMaximumPixels = 100_000_000
    /// Progressive JPEGs have about ten scans; a crafted one with thousands decodes for minutes.
    public static let defaultMaximumScans = 100

    public var maximumPixels: Int
    public var maximumScans: Int

    public init(maximumPixels: Int = defaultMaximumPixels, maximumScans: Int = defaultMaximumScans) {
        self.maximumPixels = maximumPixels
        self.maximumScans = maximumScans
    }
}
