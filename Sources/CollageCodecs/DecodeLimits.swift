/// Limits checked against a file's header before any pixel memory is allocated.
public struct DecodeLimits: Sendable, Equatable {
    /// Width x height of the stored image. 100 MP admits every phone and most cameras; a
    /// decompression bomb declares far more in a few bytes.
    public static let defaultMaximumPixels = 100_000_000
    /// Progressive JPEGs have about ten scans; a crafted one with thousands decodes for minutes.
    public static let defaultMaximumScans = 100

    /// Memory one decode may take (`--max-memory`), from its header's `ImageHeader.decodeBytes`.
    /// 1 GiB admits anything a phone makes within 100 MP (a 100 MP progressive 4:4:4 JPEG needs
    /// ~600 MiB, a baseline one or a 100 MP PNG ~300 MiB) while a 10000x9990 progressive 4:4:4
    /// bomb (~575 MiB) can never be decoded twice at once by the read-ahead.
    public static let defaultMaximumDecodeBytes = 1 << 30

    public var maximumPixels: Int
    public var maximumScans: Int
    public var maximumDecodeBytes: Int

    public init(maximumPixels: Int = defaultMaximumPixels, maximumScans: Int = defaultMaximumScans,
                maximumDecodeBytes: Int = defaultMaximumDecodeBytes) {
        self.maximumPixels = maximumPixels
        self.maximumScans = maximumScans
        self.maximumDecodeBytes = maximumDecodeBytes
    }
}
