internal import CollageCore
internal import CollageImaging

/// Pixel counts and colour sums per 15-bit colour (5 bits a channel): small enough to split
/// quickly, and the sums keep each bin's true mean.
struct Histogram {
    struct Bin {
        let key: Int
        var count = 0
        var sums = (0, 0, 0)

        /// The bin's position on one axis, 0 to 31.
        func coordinate(_ axis: Int) -> Int { key >> (10 - 5 * axis) & 31 }
    }

    private(set) var bins: [Bin]

    init(_ image: RGBImage) {
        var all = (0..<32768).map { Bin(key: $0) }
        let pixels = image.pixels
        for offset in stride(from: 0, to: pixels.count, by: 3) {
            let (red, green, blue) = (Int(pixels[offset]), Int(pixels[offset + 1]), Int(pixels[offset + 2]))
            let key = (red >> 3) << 10 | (green >> 3) << 5 | blue >> 3
            all[key].count += 1
            all[key].sums.0 += red
            all[key].sums.1 += green
            all[key].sums.2 += blue
        }
        bins = all.filter { $0.count > 0 }
    }
}

/// Median cut (Heckbert): boxes of histogram bins, split until there are enough.
enum MedianCut {
    private struct Box {
        var range: Range<Int>
        var count: Int
        /// The channel with the widest spread of bins, and that spread.
        var axis: Int
        var spread: Int
    }

    static func palette(_ histogram: Histogram, colors: Int) -> [RGB] {
        var bins = histogram.bins
        var boxes = [box(bins.indices, in: bins)]
        while boxes.count < colors {
            // Ties go to the earliest box: deterministic.
            var best: Int?
            for (index, box) in boxes.enumerated() where box.range.count > 1 {
                if best == nil || box.count * box.spread > boxes[best!].count * boxes[best!].spread { best = index }
            }
            guard let chosen = best else { break }
            let (low, high) = split(boxes[chosen], &bins)
            boxes[chosen] = low
            boxes.append(high)
        }
        return boxes.map { box in
            var sums = (0, 0, 0)
            for bin in bins[box.range] {
                sums.0 += bin.sums.0
                sums.1 += bin.sums.1
                sums.2 += bin.sums.2
            }
            let half = box.count / 2
            return RGB(red: UInt8((sums.0 + half) / box.count), green: UInt8((sums.1 + half) / box.count),
                       blue: UInt8((sums.2 + half) / box.count))
        }
    }

    private static func box(_ range: Range<Int>, in bins: [Histogram.Bin]) -> Box {
        var spreads = [0, 0, 0]
        for axis in 0..<3 {
            let values = bins[range].map { $0.coordinate(axis) }
            spreads[axis] = (values.max() ?? 0) - (values.min() ?? 0)
        }
        let axis = spreads.firstIndex(of: spreads.max()!)!
        return Box(range: range, count: bins[range].reduce(0) { $0 + $1.count }, axis: axis, spread: spreads[axis])
    }

    /// Sorts the box's bins along its axis and cuts where half its pixels lie on each side,
    /// leaving at least one bin in each half.
    private static func split(_ box: Box, _ bins: inout [Histogram.Bin]) -> (Box, Box) {
        let axis = box.axis
        bins[box.range].sort { ($0.coordinate(axis), $0.key) < ($1.coordinate(axis), $1.key) }
        var cut = box.range.lowerBound + 1
        var below = bins[box.range.lowerBound].count
        while cut < box.range.upperBound - 1, below * 2 < box.count {
            below += bins[cut].count
            cut += 1
        }
        return (self.box(box.range.lowerBound..<cut, in: bins), self.box(cut..<box.range.upperBound, in: bins))
    }
}
