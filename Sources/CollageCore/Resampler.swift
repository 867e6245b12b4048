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
        var out = RGBImage(size: target, pixels: [UInt8](repeating: 0, count: target.area * 3))
        out.draw(self, region: SourceRegion(x: 0, y: 0, width: Double(width), height: Double(height)),
                 into: PixelRect(x: 0, y: 0, width: target.width, height: target.height))
        return out
    }

    /// Resamples `region` of `source` into `rect` of this image, separably: area averaging where
    /// it shrinks (every source pixel counts by the area it covers, so fine detail turns to its
    /// mean instead of moiré), bilinear where it grows. The horizontal pass streams through a
    /// ring of the few rows the vertical pass needs, so memory stays a few rows, not a frame.
    public mutating func draw(_ source: RGBImage, region: SourceRegion, into rect: PixelRect) {
        guard rect.width > 0, rect.height > 0, source.width > 0, source.height > 0 else { return }
        let columns = ResamplingTaps(source: source.width, start: region.x, span: region.width, target: rect.width)
        let rows = ResamplingTaps(source: source.height, start: region.y, span: region.height, target: rect.height)
        let rowLength = rect.width * 3
        let ringSize = rows.stride
        var ring = [Float](repeating: 0, count: ringSize * rowLength)
        var sum = [Float](repeating: 0, count: rowLength)
        var nextRow = 0  // the first source row not yet in the ring
        let sourceWidth = source.width
        let targetWidth = width

        source.pixels.withUnsafeBufferPointer { input in
            ring.withUnsafeMutableBufferPointer { ring in
                sum.withUnsafeMutableBufferPointer { sum in
                    pixels.withUnsafeMutableBufferPointer { output in
                        for y in 0..<rect.height {
                            let first = rows.start[y], end = first + rows.count[y]
                            // Taps start no earlier for later rows: older ring rows are done with.
                            for row in max(nextRow, first)..<max(end, first) {
                                var out = (row % ringSize) * rowLength
                                let inputRow = row * sourceWidth * 3
                                for x in 0..<rect.width {
                                    var (r, g, b): (Float, Float, Float) = (0, 0, 0)
                                    var offset = inputRow + columns.start[x] * 3
                                    let weights = x * columns.stride
                                    for tap in 0..<columns.count[x] {
                                        let weight = columns.weights[weights + tap]
                                        r += weight * Float(input[offset])
                                        g += weight * Float(input[offset + 1])
                                        b += weight * Float(input[offset + 2])
                                        offset += 3
                                    }
                                    ring[out] = r
                                    ring[out + 1] = g
                                    ring[out + 2] = b
                                    out += 3
                                }
                            }
                            nextRow = max(nextRow, end)

                            for i in 0..<rowLength { sum[i] = 0 }
                            for tap in 0..<rows.count[y] {
                                let weight = rows.weights[y * rows.stride + tap]
                                let base = ((first + tap) % ringSize) * rowLength
                                for i in 0..<rowLength { sum[i] += weight * ring[base + i] }
                            }
                            let out = ((rect.y + y) * targetWidth + rect.x) * 3
                            for i in 0..<rowLength {
                                output[out + i] = UInt8(min(255, max(0, sum[i] + 0.5)))
                            }
                        }
                    }
                }
            }
        }
    }
}

/// For each target pixel along one axis: the run of source pixels it reads and their weights.
struct ResamplingTaps {
    var start: [Int]
    var count: [Int]
    var weights: [Float]
    var stride: Int

    init(source length: Int, start origin: Double, span: Double, target: Int) {
        let origin = min(max(0, origin), Double(length))
        let span = min(max(span, 1e-9), Double(length) - origin)
        let scale = span / Double(target)
        stride = scale > 1 ? Int(scale.rounded(.up)) + 1 : 2
        start = [Int](repeating: 0, count: target)
        count = [Int](repeating: 0, count: target)
        weights = [Float](repeating: 0, count: target * stride)
        for i in 0..<target {
            if scale > 1 {
                // Area average: source pixel j covers [j, j+1); this target pixel covers [a, b).
                let a = origin + Double(i) * scale
                let b = a + scale
                let first = min(length - 1, Int(a.rounded(.down)))
                let last = max(first, min(length - 1, Int(b.rounded(.up)) - 1))
                var total = 0.0
                for j in first...last {
                    let covered = max(0, min(b, Double(j + 1)) - max(a, Double(j)))
                    weights[i * stride + j - first] = Float(covered)
                    total += covered
                }
                for tap in 0..<(last - first + 1) { weights[i * stride + tap] /= Float(max(total, 1e-9)) }
                start[i] = first
                count[i] = last - first + 1
            } else {
                // Bilinear between the two nearest source centres.
                let centre = origin + (Double(i) + 0.5) * scale - 0.5
                if length == 1 {
                    start[i] = 0; count[i] = 1; weights[i * stride] = 1
                    continue
                }
                let first = min(max(0, Int(centre.rounded(.down))), length - 2)
                let t = Float(min(1, max(0, centre - Double(first))))
                start[i] = first
                count[i] = 2
                weights[i * stride] = 1 - t
                weights[i * stride + 1] = t
            }
        }
    }
}
