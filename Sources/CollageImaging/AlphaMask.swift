/// 8-bit coverage, one byte a pixel, row-major: what a caption rasterises to before it is
/// composited in a colour (0 leaves the pixel below, 255 covers it).
public struct AlphaMask: Sendable, Equatable {
    public let size: PixelSize
    public var coverage: [UInt8]

    public init(size: PixelSize, coverage: [UInt8]) {
        precondition(coverage.count == size.area, "coverage does not match \(size)")
        self.size = size
        self.coverage = coverage
    }

    /// Nothing covered.
    public init(size: PixelSize) {
        self.init(size: size, coverage: [UInt8](repeating: 0, count: size.area))
    }

    public subscript(x: Int, y: Int) -> UInt8 { coverage[y * size.width + x] }

    /// The smallest rectangle holding every covered pixel, nil when none is: where the ink is.
    public var inkBounds: PixelRect? {
        var (left, top, right, bottom) = (size.width, size.height, -1, -1)
        for y in 0..<size.height {
            for x in 0..<size.width where coverage[y * size.width + x] != 0 {
                left = min(left, x)
                right = max(right, x)
                top = min(top, y)
                bottom = max(bottom, y)
            }
        }
        guard right >= 0 else { return nil }
        return PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
    }
}
