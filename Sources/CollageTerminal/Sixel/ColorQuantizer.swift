internal import CollageCore
public import CollageImaging

/// Reduces an image to at most `maxColors` colours, deterministically: the same pixels always
/// give the same palette and indices, so sixel output can be compared byte for byte.
///
/// An image with few enough colours keeps them exactly (sorted by value). Otherwise median cut
/// over a 15-bit histogram: the box with the most pixels times the widest channel range is
/// split at its pixel median, until there are `maxColors` boxes; each box's mean is a colour.
/// Pixels then take the nearest colour, optionally with Floyd-Steinberg error diffusion, which
/// matters when a terminal has few registers (a VT340 has 16).
public enum ColorQuantizer {
    public static func quantize(_ image: RGBImage, maxColors: Int, dither: Bool = true) -> IndexedImage {
        let limit = min(256, max(1, maxColors))
        if let exact = exactColors(image, limit: limit) { return exact }
        let histogram = Histogram(image)
        let palette = MedianCut.palette(histogram, colors: limit)
        let nearest = NearestColor(palette: palette)
        let indices = dither ? diffused(image, nearest) : image.pixelColors.map { nearest.index(of: $0) }
        return IndexedImage(size: image.size, palette: palette, indices: indices)
    }

    /// The image's own colours, when there are at most `limit` of them.
    private static func exactColors(_ image: RGBImage, limit: Int) -> IndexedImage? {
        var seen = Set<UInt32>()
        for color in image.pixelColors {
            seen.insert(color.packed)
            if seen.count > limit { return nil }
        }
        let sorted = seen.sorted()
        let slot = Dictionary(uniqueKeysWithValues: sorted.enumerated().map { ($0.element, UInt8($0.offset)) })
        return IndexedImage(
            size: image.size, palette: sorted.map(RGB.init(packed:)),
            indices: image.pixelColors.map { slot[$0.packed]! })
    }

    /// Floyd-Steinberg, left to right, errors in sixteenths carried in integers.
    private static func diffused(_ image: RGBImage, _ nearest: NearestColor) -> [UInt8] {
        let width = image.width
        var indices = [UInt8](repeating: 0, count: image.size.area)
        var current = [Int](repeating: 0, count: (width + 2) * 3)  // one guard cell each side
        var next = current
        for y in 0..<image.height {
            for x in 0..<width {
                let offset = (y * width + x) * 3
                var wanted = [0, 0, 0]
                for channel in 0..<3 {
                    let value = Int(image.pixels[offset + channel]) + current[(x + 1) * 3 + channel] / 16
                    wanted[channel] = min(255, max(0, value))
                }
                let index = nearest.index(of: RGB(red: UInt8(wanted[0]), green: UInt8(wanted[1]), blue: UInt8(wanted[2])))
                indices[y * width + x] = index
                let chosen = nearest.palette[Int(index)]
                let errors = [wanted[0] - Int(chosen.red), wanted[1] - Int(chosen.green), wanted[2] - Int(chosen.blue)]
                for channel in 0..<3 {
                    let error = errors[channel]
                    current[(x + 2) * 3 + channel] += error * 7
                    next[x * 3 + channel] += error * 3
                    next[(x + 1) * 3 + channel] += error * 5
                    next[(x + 2) * 3 + channel] += error
                }
            }
            swap(&current, &next)
            for index in next.indices { next[index] = 0 }
        }
        return indices
    }
}

extension RGB {
    var packed: UInt32 { UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue) }

    init(packed: UInt32) {
        self.init(red: UInt8(packed >> 16 & 255), green: UInt8(packed >> 8 & 255), blue: UInt8(packed & 255))
    }
}

extension RGBImage {
    /// Every pixel's colour, row-major.
    var pixelColors: [RGB] {
        stride(from: 0, to: pixels.count, by: 3).map { RGB(red: pixels[$0], green: pixels[$0 + 1], blue: pixels[$0 + 2]) }
    }
}
