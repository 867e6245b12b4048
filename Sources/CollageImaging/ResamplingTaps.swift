/// For each target pixel along one axis: the run of source pixels it reads and their weights.
/// Every pixel reads the same number of taps (`stride`), zero-weighted where it needs fewer, so
/// the inner loops have no bounds to look up and unroll; windows are moved inside the source at
/// its edges, never out of it, and never move back from one pixel to the next.
struct ResamplingTaps {
    var start: [Int]
    var weights: [Float]
    var stride: Int

    init(source length: Int, start origin: Double, span: Double, target: Int) {
        let origin = min(max(0, origin), Double(length))
        let span = min(max(span, 1e-9), Double(length) - origin)
        let scale = span / Double(target)
        let shrinking = scale > 1
        stride = min(length, shrinking ? Int(scale.rounded(.up)) + 1 : 2)
        start = [Int](repeating: 0, count: target)
        weights = [Float](repeating: 0, count: target * stride)
        var exact = [Double](repeating: 0, count: stride)
        for i in 0..<target {
            for tap in 0..<stride { exact[tap] = 0 }
            var first: Int
            if shrinking {
                // Area average: source pixel j covers [j, j+1); this target pixel covers [a, b).
                let a = origin + Double(i) * scale
                let b = a + scale
                first = min(length - 1, Int(a.rounded(.down)))
                let last = max(first, min(length - 1, Int(b.rounded(.up)) - 1))
                let window = min(first, length - stride)
                for j in first...min(last, window + stride - 1) {
                    exact[j - window] = max(0, min(b, Double(j + 1)) - max(a, Double(j)))
                }
                first = window
            } else if length == 1 {
                first = 0
                exact[0] = 1
            } else {
                // Bilinear between the two nearest source centres.
                let centre = origin + (Double(i) + 0.5) * scale - 0.5
                first = min(max(0, Int(centre.rounded(.down))), length - 2)
                let t = min(1, max(0, centre - Double(first)))
                exact[0] = 1 - t
                exact[1] = t
            }
            start[i] = first
            let total = max(exact.reduce(0, +), 1e-12)
            for tap in 0..<stride { weights[i * stride + tap] = Float(exact[tap] / total) }
        }
    }

    /// One row across: `line` holds the row's RGB from source column `start[0]` on (and one
    /// float more); each target pixel is a four-lane sum over its taps, stored as four floats
    /// (the fourth overwritten by the next pixel, or landing in the float `out` has to spare).
    func across(_ line: UnsafePointer<Float>, into out: UnsafeMutablePointer<Float>) {
        start.withUnsafeBufferPointer { start in
            weights.withUnsafeBufferPointer { weights in
                let (start, weights) = (start.baseAddress!, weights.baseAddress!)
                switch stride {
                case 1: Self.across(taps: 1, line, start, weights, self.start.count, out)
                case 2: Self.across(taps: 2, line, start, weights, self.start.count, out)
                case 3: Self.across(taps: 3, line, start, weights, self.start.count, out)
                case 4: Self.across(taps: 4, line, start, weights, self.start.count, out)
                default: Self.across(taps: stride, line, start, weights, self.start.count, out)
                }
            }
        }
    }

    /// The loop for a tap count the compiler knows, so it unrolls.
    @inline(__always)
    private static func across(
        taps: Int, _ line: UnsafePointer<Float>, _ start: UnsafePointer<Int>, _ weights: UnsafePointer<Float>,
        _ count: Int, _ out: UnsafeMutablePointer<Float>
    ) {
        let (source, target) = (UnsafeRawPointer(line), UnsafeMutableRawPointer(out))
        let left = start[0]
        for x in 0..<count {
            var sum = SIMD4<Float>(repeating: 0)
            var offset = (start[x] &- left) &* 12  // in bytes: three floats a pixel
            let weights = weights + x &* taps
            for tap in 0..<taps {
                sum += weights[tap] * source.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
                offset &+= 12
            }
            target.storeBytes(of: sum, toByteOffset: x &* 12, as: SIMD4<Float>.self)
        }
    }

    /// Target row `y` down its source rows, which are in `ring` (rows of `rowLength` floats and
    /// one spare), into `sum`.
    func down(_ y: Int, ring: UnsafePointer<Float>, rowLength: Int, into sum: UnsafeMutablePointer<Float>) {
        weights.withUnsafeBufferPointer { weights in
            let weights = weights.baseAddress! + y * stride
            let first = start[y]
            func row(_ tap: Int) -> UnsafePointer<Float> { ring + ((first + tap) % stride) * (rowLength + 1) }
            let (weight, top) = (weights[0], row(0))
            for i in 0..<rowLength { sum[i] = weight * top[i] }
            for tap in 1..<max(1, stride) where weights[tap] != 0 {
                let (weight, line) = (weights[tap], row(tap))
                for i in 0..<rowLength { sum[i] += weight * line[i] }
            }
        }
    }

    /// A channel value rounded to 8 bits: adding 2^23 to a float from 0 to 255 leaves it rounded
    /// (to even) in the low bits of its pattern. Vectorises, unlike a checked conversion.
    @inline(__always)
    static func byte(_ value: Float) -> UInt8 {
        UInt8(truncatingIfNeeded: (min(max(value, 0), 255) + 8_388_608).bitPattern)
    }
}
