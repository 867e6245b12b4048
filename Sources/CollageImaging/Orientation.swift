/// EXIF orientation (tag 0x0112): how the stored pixels must be turned to be shown upright.
/// Cameras store the sensor's rows and record the turn instead of rotating pixels.
public enum Orientation: Int, CaseIterable, Sendable {
    case up = 1, upMirrored = 2, down = 3, downMirrored = 4
    case leftMirrored = 5, right = 6, rightMirrored = 7, left = 8

    /// Orientations 5–8 swap width and height.
    public var swapsAxes: Bool { rawValue >= 5 }

    public func displayedSize(of stored: PixelSize) -> PixelSize {
        swapsAxes ? stored.transposed : stored
    }

    /// Where the displayed pixel (x, y) lives in the stored image, as an affine map:
    /// stored = origin + x * stepX + y * stepY, each a stored (x, y) pair.
    func storedCoordinates(storedSize s: PixelSize) -> (origin: (Int, Int), stepX: (Int, Int), stepY: (Int, Int)) {
        let (w, h) = (s.width - 1, s.height - 1)
        switch self {
        case .up: return ((0, 0), (1, 0), (0, 1))
        case .upMirrored: return ((w, 0), (-1, 0), (0, 1))
        case .down: return ((w, h), (-1, 0), (0, -1))
        case .downMirrored: return ((0, h), (1, 0), (0, -1))
        case .leftMirrored: return ((0, 0), (0, 1), (1, 0))
        case .right: return ((0, h), (0, -1), (1, 0))
        case .rightMirrored: return ((w, h), (0, -1), (-1, 0))
        case .left: return ((w, 0), (0, 1), (-1, 0))
        }
    }
}

extension RGBImage {
    /// The image as it is meant to be seen: stored pixels turned by `orientation`.
    public func applying(_ orientation: Orientation) -> RGBImage {
        if orientation == .up { return self }
        let shown = orientation.displayedSize(of: size)
        let map = orientation.storedCoordinates(storedSize: size)
        let stepX = (map.stepX.0 + map.stepX.1 * width) * 3
        let stepY = (map.stepY.0 + map.stepY.1 * width) * 3
        let origin = (map.origin.0 + map.origin.1 * width) * 3
        var out = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                var index = 0
                for y in 0..<shown.height {
                    var offset = origin + y * stepY
                    for _ in 0..<shown.width {
                        target[index] = source[offset]
                        target[index + 1] = source[offset + 1]
                        target[index + 2] = source[offset + 2]
                        index += 3
                        offset += stepX
                    }
                }
            }
        }
        return RGBImage(size: shown, pixels: out)
    }
}
