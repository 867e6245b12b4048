public import CollageCore
public import CollageImaging

/// A decoded photo and how it was decoded.
public struct DecodedImage: Sendable {
    public let header: ImageHeader
    /// Upright, at the size asked for.
    public let image: RGBImage
    public let details: DecodeDetails

    /// Converted to sRGB by the header's profile (`pixels` saying how the decoded pixels relate
    /// to it), with what was done told in `details.color`.
    func inSRGB(_ pixels: ColorConversion.Pixels) -> DecodedImage {
        let (converted, color) = ColorConversion.toSRGB(image, from: header.colorProfile, pixels: pixels)
        var details = details
        details.color = color
        return DecodedImage(header: header, image: converted, details: details)
    }
}
