/// An 8-bit RGB image in one flat, row-major buffer without padding: what every codec decodes
/// to and what the renderer draws into.
public struct RGBImage: Sendable, Equatable {
    public let size: PixelSize
    public var pixels: [UInt8]

    public init(size: PixelSize, pixels: [UInt8]) {
        precondition(pixels.count == size.area * 3, "RGB buffer does not match \(size)")
        self.size = size
        self.pixels = pixels
    }

    /// A canvas of one colour; white is the collage's background.
    public init(size: PixelSize, filledWith color: RGB = .white) {
        if color.red == color.green && color.green == color.blue {
            self.init(size: size, pixels: [UInt8](repeating: color.red, count: size.area * 3))
            return
        }
        var pixels = [UInt8](repeating: 0, count: size.area * 3)
        for offset in stride(from: 0, to: pixels.count, by: 3) {
            pixels[offset] = color.red
            pixels[offset + 1] = color.green
            pixels[offset + 2] = color.blue
        }
        self.init(size: size, pixels: pixels)
    }

    public var width: Int { size.width }
    public var height: Int { size.height }

    public subscript(x: Int, y: Int) -> RGB {
        let offset = (y * width + x) * 3
        return RGB(red: pixels[offset], green: pixels[offset + 1], blue: pixels[offset + 2])
    }

    /// The mean colour of a rectangle: what tests compare tiles by.
    public func meanColor(in rect: PixelRect) -> RGB {
        var sums = (0, 0, 0)
        for y in rect.y..<(rect.y + rect.height) {
            for x in rect.x..<(rect.x + rect.width) {
                let offset = (y * width + x) * 3
                sums.0 += Int(pixels[offset])
                sums.1 += Int(pixels[offset + 1])
                sums.2 += Int(pixels[offset + 2])
            }
        }
        let count = max(1, rect.width * rect.height)
        return RGB(red: UInt8(sums.0 / count), green: UInt8(sums.1 / count), blue: UInt8(sums.2 / count))
    }
}

/// One pixel's colour.
public struct RGB: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public static let white = RGB(red: 255, green: 255, blue: 255)
    public static let black = RGB(red: 0, green: 0, blue: 0)

    /// The largest per-channel difference: a simple, strict tolerance for tests and checks.
    public func distance(to other: RGB) -> Int {
        max(abs(Int(red) - Int(other.red)), abs(Int(green) - Int(other.green)), abs(Int(blue) - Int(other.blue)))
    }

    /// Rec. 601 luma in thousandths of a level (299·R + 587·G + 114·B, 0...255 000): whole
    /// numbers, so the fingerprint and the thumbnail, which both start from it, come out the
    /// same on every machine.
    public var lumaThousandths: Int { 299 * Int(red) + 587 * Int(green) + 114 * Int(blue) }

    public var description: String { "rgb(\(red),\(green),\(blue))" }
}

extension RGBImage: CustomStringConvertible, CustomDebugStringConvertible {
    /// The size only: a failing test must not print a megabyte of pixels.
    public var description: String { "RGBImage(\(size))" }
    public var debugDescription: String { description }
}
