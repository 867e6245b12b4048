public import CollageCore
public import CollageImaging

/// A decoded photo and how it was decoded.
public struct DecodedImage: Sendable {
    public let header: ImageHeader
    /// Upright, at the size asked for.
    public let image: RGBImage
    public let details: DecodeDetails
}
