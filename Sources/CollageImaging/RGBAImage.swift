/// An 8-bit RGBA image with premultiplied colour: a frame, a logo. Premultiplied because it is
/// resampled before it is composited, and averaging straight colour would let the colour of
/// fully transparent pixels bleed into the edges.
public struct RGBAImage: Sendable, Equatable {
    /// Colour times alpha / 255, per pixel.
    public let colour: RGBImage
    /// Alpha, kept as grey (r = g = b = alpha) so the same resampler shrinks and grows it.
    public let alpha: RGBImage

    public var size: PixelSize { colour.size }

    /// From straight (unassociated) RGBA bytes, as PNG stores them.
    public init(size: PixelSize, straight rgba: [UInt8]) {
        precondition(rgba.count == size.area * 4, "RGBA buffer does not match \(size)")
        var colour = [UInt8](repeating: 0, count: size.area * 3)
        var alpha = [UInt8](repeating: 0, count: size.area * 3)
        for pixel in 0..<size.area {
            let a = Int(rgba[pixel * 4 + 3])
            for channel in 0..<3 {
                colour[pixel * 3 + channel] = UInt8((Int(rgba[pixel * 4 + channel]) * a + 127) / 255)
                alpha[pixel * 3 + channel] = UInt8(a)
            }
        }
        self.colour = RGBImage(size: size, pixels: colour)
        self.alpha = RGBImage(size: size, pixels: alpha)
    }

    init(colour: RGBImage, alpha: RGBImage) {
        self.colour = colour
        self.alpha = alpha
    }

    /// The whole image at another size: colour and alpha through the same area-averaging taps.
    public func resized(to target: PixelSize) -> RGBAImage {
        RGBAImage(colour: colour.resized(to: target), alpha: alpha.resized(to: target))
    }
}
