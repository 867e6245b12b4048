/// A region of a source image with fractional edges: the part of a photo a tile shows.
public struct SourceRegion: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The centred region of `source` with the aspect of `target`: aspect fill, no letterbox.
    public static func centreCrop(of source: PixelSize, toFill target: PixelSize) -> SourceRegion {
        let scale = max(Double(target.width) / Double(source.width), Double(target.height) / Double(source.height))
        let width = min(Double(source.width), Double(target.width) / scale)
        let height = min(Double(source.height), Double(target.height) / scale)
        return SourceRegion(
            x: (Double(source.width) - width) / 2, y: (Double(source.height) - height) / 2,
            width: width, height: height)
    }
}

extension RGBImage {
    /// The whole image at another size.
    public func resized(to target: PixelSize) -> RGBImage {
        if target == size { return self }
        // Every output pixel is written by `draw`: no need to clear the buffer first.
        let pixels = [UInt8](unsafeUninitializedCapacity: target.area * 3) { _, count in count = target.area * 3 }
        var out = RGBImage(size: target, pixels: pixels)
        out.draw(self, region: SourceRegion(x: 0, y: 0, width: Double(width), height: Double(height)),
                 into: PixelRect(x: 0, y: 0, width: target.width, height: target.height))
        return out
    }

    /// Resamples `region` of `source` into `rect` of this image, separably: area averaging where
    /// it shrinks (every source pixel counts by the area it covers, so fine detail turns to its
    /// mean instead of moiré), bilinear where it grows. The horizontal pass streams through a
    /// ring of the few rows the vertical pass needs, so memory stays a few rows, not a frame.
    ///
    /// In fixed point: 14-bit weights, 8 fractional bits between the passes, so a solid colour
    /// stays exactly itself; whole-pixel regions of the same size are copied row by row.
    public mutating func draw(_ source: RGBImage, region: SourceRegion, into rect: PixelRect) {
        guard rect.width > 0, rect.height > 0, source.width > 0, source.height > 0 else { return }
        if copy(source, region: region, into: rect) { return }
        let columns = ResamplingTaps(source: source.width, start: region.x, span: region.width, target: rect.width)
        let rows = ResamplingTaps(source: source.height, start: region.y, span: region.height, target: rect.height)
        let rowLength = rect.width * 3
        let ringSize = rows.stride
        var ring = [Int32](repeating: 0, count: ringSize * rowLength)
        var sum = [Int32](repeating: 0, count: rowLength)
        let (sourceWidth, targetWidth) = (source.width, width)

        source.pixels.withUnsafeBufferPointer { input in
            ring.withUnsafeMutableBufferPointer { ring in
                sum.withUnsafeMutableBufferPointer { sum in
                    pixels.withUnsafeMutableBufferPointer { output in
                        let (input, ring, sum, output) = (input.baseAddress!, ring.baseAddress!, sum.baseAddress!, output.baseAddress!)
                        var nextRow = 0  // the first source row not yet in the ring
                        for y in 0..<rect.height {
                            let first = rows.start[y]
                            // Windows never move back: older ring rows are done with.
                            for row in max(nextRow, first)..<(first + rows.stride) {
                                columns.apply(to: input + row * sourceWidth * 3, into: ring + (row % ringSize) * rowLength)
                            }
                            nextRow = first + rows.stride
                            rows.weights.withUnsafeBufferPointer { weights in
                                let weights = weights.baseAddress! + y * rows.stride
                                sum.update(repeating: 0, count: rowLength)
                                for tap in 0..<rows.stride where weights[tap] != 0 {
                                    let weight = weights[tap]
                                    let line = ring + ((first + tap) % ringSize) * rowLength
                                    for i in 0..<rowLength { sum[i] &+= weight &* line[i] }
                                }
                            }
                            let out = output + ((rect.y + y) * targetWidth + rect.x) * 3
                            for i in 0..<rowLength { out[i] = ResamplingTaps.pixel(sum[i]) }
                        }
                    }
                }
            }
        }
    }

    /// Draws by copying rows when the region is whole pixels of the rectangle's size (a photo kept
    /// at its tile's size); false when it is not.
    private mutating func copy(_ source: RGBImage, region: SourceRegion, into rect: PixelRect) -> Bool {
        guard region.width == Double(rect.width), region.height == Double(rect.height),
              region.x == region.x.rounded(), region.y == region.y.rounded(),
              region.x >= 0, region.y >= 0,
              Int(region.x) + rect.width <= source.width, Int(region.y) + rect.height <= source.height
        else { return false }
        let (left, top, sourceWidth, targetWidth) = (Int(region.x), Int(region.y), source.width, width)
        source.pixels.withUnsafeBufferPointer { input in
            pixels.withUnsafeMutableBufferPointer { output in
                for y in 0..<rect.height {
                    let from = input.baseAddress! + ((top + y) * sourceWidth + left) * 3
                    let to = output.baseAddress! + ((rect.y + y) * targetWidth + rect.x) * 3
                    to.update(from: from, count: rect.width * 3)
                }
            }
        }
        return true
    }
}
