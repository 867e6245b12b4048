internal import Dispatch

/// One photo's draw into a collage: `region` of `image` resampled into `rect`.
public struct TileDraw: Sendable {
    public let image: RGBImage
    public let region: SourceRegion
    public let rect: PixelRect

    public init(image: RGBImage, region: SourceRegion, into rect: PixelRect) {
        self.image = image
        self.region = region
        self.rect = rect
    }
}

extension RGBImage {
    /// A canvas whose every pixel `draws` will write, left uninitialised (no fill to overwrite,
    /// and its pages are first touched by the threads that draw them); nil when they do not
    /// cover it, or overlap. Rectangles that do not overlap and whose areas add up to the
    /// canvas's cover it.
    public init?(size: PixelSize, coveredBy draws: [TileDraw]) {
        guard draws.allSatisfy({ $0.image.size.area > 0 }),
              draws.reduce(0, { $0 + $1.rect.width * $1.rect.height }) == size.area,
              Self.fit(draws.map(\.rect), in: size) else { return nil }
        self.init(size: size, pixels: [UInt8](unsafeUninitializedCapacity: size.area * 3) { _, count in count = size.area * 3 })
    }

    /// Draws each of `draws`, shared out among the cores when their rectangles do not overlap
    /// (no two threads then write the same byte), else one after another, the later over the
    /// earlier: a collage's tiles are drawn after the decodes, while nothing else runs.
    public mutating func draw(_ draws: [TileDraw]) {
        guard draws.count > 1, Self.fit(draws.map(\.rect), in: size) else {
            for draw in draws { self.draw(draw.image, region: draw.region, into: draw.rect) }
            return
        }
        let width = width
        pixels.withUnsafeMutableBufferPointer { output in
            let target = PixelTarget(pixels: output.baseAddress!, width: width)
            DispatchQueue.concurrentPerform(iterations: draws.count) { index in
                let draw = draws[index]
                Self.draw(draw.image, region: draw.region, into: draw.rect, of: target)
            }
        }
    }

    /// Whether every rectangle lies inside `size` and no two overlap (empty ones overlap nothing).
    static func fit(_ rects: [PixelRect], in size: PixelSize) -> Bool {
        let rects = rects.filter { $0.width > 0 && $0.height > 0 }
        guard rects.allSatisfy({ $0.x >= 0 && $0.y >= 0 && $0.width <= size.width - $0.x && $0.height <= size.height - $0.y })
        else { return false }
        for (i, a) in rects.enumerated() {
            for b in rects[(i + 1)...] where a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height {
                return false
            }
        }
        return true
    }
}
