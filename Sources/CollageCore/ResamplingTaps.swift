/// For each target pixel along one axis: the run of source pixels it reads and their weights,
/// in fixed point. Every pixel reads the same number of taps (`stride`), zero-weighted where it
/// needs fewer, so the inner loops have no bounds to look up; windows are moved inside the
/// source at its edges, never out of it.
struct ResamplingTaps {
    /// Weights are fractions of 1 << shift.
    static let shift: Int32 = 14
    /// Fractional bits kept between the horizontal and the vertical pass.
    static let between: Int32 = 8

    var start: [Int]
    var weights: [Int32]
    var stride: Int

    init(source length: Int, start origin: Double, span: Double, target: Int) {
        let origin = min(max(0, origin), Double(length))
        let span = min(max(span, 1e-9), Double(length) - origin)
        let scale = span / Double(target)
        let shrinking = scale > 1
        stride = min(length, shrinking ? Int(scale.rounded(.up)) + 1 : 2)
        start = [Int](repeating: 0, count: target)
        weights = [Int32](repeating: 0, count: target * stride)
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
            Self.quantize(exact, into: &weights, at: i * stride)
        }
    }

    /// Weights in fixed point that add up to exactly 1, so a solid colour stays itself: each is
    /// the step between rounded running sums, within 1 of its exact value and never negative.
    private static func quantize(_ exact: [Double], into weights: inout [Int32], at offset: Int) {
        let scale = Double(Int32(1) << shift) / max(exact.reduce(0, +), 1e-12)
        var running = 0.0
        var previous: Int32 = 0
        for tap in exact.indices {
            running += exact[tap] * scale
            let rounded = Int32(running.rounded())
            weights[offset + tap] = rounded - previous
            previous = rounded
        }
        weights[offset + exact.count - 1] += (Int32(1) << shift) - previous
    }

    /// One source row resampled across: RGB sums with `between` fractional bits. The usual tap
    /// counts get loops of a constant length, which the compiler unrolls.
    func apply(to row: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<Int32>) {
        start.withUnsafeBufferPointer { start in
            weights.withUnsafeBufferPointer { weights in
                let (start, weights) = (start.baseAddress!, weights.baseAddress!)
                switch stride {
                case 1: Self.apply(taps: 1, start, weights, start: self.start.count, row, out)
                case 2: Self.apply(taps: 2, start, weights, start: self.start.count, row, out)
                case 3: Self.apply(taps: 3, start, weights, start: self.start.count, row, out)
                case 4: Self.apply(taps: 4, start, weights, start: self.start.count, row, out)
                default: Self.apply(taps: stride, start, weights, start: self.start.count, row, out)
                }
            }
        }
    }

    @inline(__always)
    private static func apply(
        taps: Int, _ start: UnsafePointer<Int>, _ weights: UnsafePointer<Int32>, start count: Int,
        _ row: UnsafePointer<UInt8>, _ out: UnsafeMutablePointer<Int32>
    ) {
        for x in 0..<count {
            var pixel = row + start[x] &* 3
            let weights = weights + x * taps
            var (r, g, b): (Int32, Int32, Int32) = (0, 0, 0)
            for tap in 0..<taps {
                let weight = weights[tap]
                r &+= weight &* Int32(pixel[0])
                g &+= weight &* Int32(pixel[1])
                b &+= weight &* Int32(pixel[2])
                pixel += 3
            }
            // Round to `between` fractional bits: shift - between = 6.
            out[3 * x] = (r &+ 32) &>> 6
            out[3 * x + 1] = (g &+ 32) &>> 6
            out[3 * x + 2] = (b &+ 32) &>> 6
        }
    }

    /// A vertical sum (shift + between = 22 fractional bits) as an 8-bit value, rounded.
    @inline(__always)
    static func pixel(_ sum: Int32) -> UInt8 {
        UInt8(truncatingIfNeeded: min(255, max(0, (sum &+ (1 << 21)) &>> 22)))
    }
}
