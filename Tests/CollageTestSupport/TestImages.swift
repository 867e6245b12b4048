#if canImport(Glibc)
internal import Glibc
#endif
internal import CollageCore
public import CollageImaging

/// Synthetic images whose every pixel a test can predict.
public enum TestImages {
    /// One colour all over.
    public static func solid(_ color: RGB, _ width: Int, _ height: Int) -> RGBImage {
        RGBImage(size: PixelSize(width: width, height: height), filledWith: color)
    }

    /// Four coloured quadrants: red top-left, green top-right, blue bottom-left, yellow bottom-right.
    public static func quadrants(_ width: Int, _ height: Int) -> RGBImage {
        var image = solid(.black, width, height)
        let colors = [RGB(red: 220, green: 30, blue: 30), RGB(red: 30, green: 200, blue: 30),
                      RGB(red: 30, green: 30, blue: 220), RGB(red: 230, green: 220, blue: 40)]
        for y in 0..<height {
            for x in 0..<width {
                let color = colors[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)]
                let offset = (y * width + x) * 3
                image.pixels[offset] = color.red
                image.pixels[offset + 1] = color.green
                image.pixels[offset + 2] = color.blue
            }
        }
        return image
    }

    public static let quadrantColors = (
        topLeft: RGB(red: 220, green: 30, blue: 30), topRight: RGB(red: 30, green: 200, blue: 30),
        bottomLeft: RGB(red: 30, green: 30, blue: 220), bottomRight: RGB(red: 230, green: 220, blue: 40))

    /// Smooth, detailed, deterministic content: a different picture for each seed.
    public static func pattern(seed: Int, _ width: Int, _ height: Int) -> RGBImage {
        var image = solid(.black, width, height)
        var state = UInt64(seed) &* 6364136223846793005 &+ 1442695040888963407
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        let (fx, fy, phase, tint) = (1 + next() * 5, 1 + next() * 5, next() * 6.28, next())
        for y in 0..<height {
            for x in 0..<width {
                let u = Double(x) / Double(width), v = Double(y) / Double(height)
                let wave = (sin(fx * 6.28 * u + phase) * cos(fy * 6.28 * v - phase) + 1) / 2
                let offset = (y * width + x) * 3
                image.pixels[offset] = UInt8(255 * wave)
                image.pixels[offset + 1] = UInt8(255 * (1 - wave) * tint)
                image.pixels[offset + 2] = UInt8(255 * (u + v) / 2)
            }
        }
        return image
    }
}
