internal import CollageCore
public import CollageImaging

/// An image as palette indices: what sixel's colour registers draw.
public struct IndexedImage: Sendable, Equatable {
    public let size: PixelSize
    public let palette: [RGB]
    /// One palette index per pixel, row-major.
    public let indices: [UInt8]

    public init(size: PixelSize, palette: [RGB], indices: [UInt8]) {
        precondition(indices.count == size.area && palette.count <= 256 && !palette.isEmpty)
        self.size = size
        self.palette = palette
        self.indices = indices
    }

    /// The image it shows, for checks.
    public var rgb: RGBImage {
        var pixels = [UInt8](repeating: 0, count: size.area * 3)
        for (offset, index) in indices.enumerated() {
            let color = palette[Int(index)]
            pixels[offset * 3] = color.red
            pixels[offset * 3 + 1] = color.green
            pixels[offset * 3 + 2] = color.blue
        }
        return RGBImage(size: size, pixels: pixels)
    }
}
