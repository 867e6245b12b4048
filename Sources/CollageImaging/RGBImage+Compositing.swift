extension RGBImage {
    /// Paints `colour` through `mask`, whose top-left corner goes at (`x`, `y`): source-over in
    /// sRGB bytes, as the rest of the collage is, rounded to nearest (50 % black on white is 128).
    /// What falls outside this image is clipped.
    public mutating func composite(_ mask: AlphaMask, colour: RGB, atX x: Int, y: Int) {
        let source = [Int(colour.red), Int(colour.green), Int(colour.blue)]
        for row in max(0, -y)..<min(mask.size.height, height - y) {
            for column in max(0, -x)..<min(mask.size.width, width - x) {
                let a = Int(mask.coverage[row * mask.size.width + column])
                guard a != 0 else { continue }
                let offset = ((y + row) * width + x + column) * 3
                for channel in 0..<3 {
                    pixels[offset + channel] = Self.over(source[channel] * a, alpha: a, onto: pixels[offset + channel])
                }
            }
        }
    }

    /// Draws `image` over this one at (`x`, `y`), source-over in sRGB bytes; clipped.
    public mutating func composite(_ image: RGBAImage, atX x: Int, y: Int) {
        let (colour, alpha, imageWidth) = (image.colour.pixels, image.alpha.pixels, image.size.width)
        for row in max(0, -y)..<min(image.size.height, height - y) {
            for column in max(0, -x)..<min(imageWidth, width - x) {
                let from = (row * imageWidth + column) * 3
                let a = Int(alpha[from])
                guard a != 0 else { continue }
                let offset = ((y + row) * width + x + column) * 3
                for channel in 0..<3 {
                    pixels[offset + channel] = Self.over(Int(colour[from + channel]) * 255, alpha: a, onto: pixels[offset + channel])
                }
            }
        }
    }

    /// `premultiplied` is the source channel times alpha, both 0...255 (so up to 255·255).
    private static func over(_ premultiplied: Int, alpha: Int, onto below: UInt8) -> UInt8 {
        UInt8(min(255, (premultiplied + Int(below) * (255 - alpha) + 127) / 255))
    }

    /// A copy of `rect` of this image.
    public func cropped(to rect: PixelRect) -> RGBImage {
        var out = [UInt8](repeating: 0, count: rect.width * rect.height * 3)
        for row in 0..<rect.height {
            let from = ((rect.y + row) * width + rect.x) * 3
            out.replaceSubrange(row * rect.width * 3..<(row + 1) * rect.width * 3, with: pixels[from..<from + rect.width * 3])
        }
        return RGBImage(size: PixelSize(width: rect.width, height: rect.height), pixels: out)
    }

    /// Copies `image` into this one with its top-left corner at (`x`, `y`); it must fit.
    public mutating func paste(_ image: RGBImage, atX x: Int, y: Int) {
        for row in 0..<image.height {
            let from = row * image.width * 3, to = ((y + row) * width + x) * 3
            pixels.replaceSubrange(to..<to + image.width * 3, with: image.pixels[from..<from + image.width * 3])
        }
    }
}

extension RGBImage {
    /// Paints `rect` in one colour; it must lie inside this image.
    public mutating func fill(_ rect: PixelRect, with colour: RGB) {
        for y in rect.y..<(rect.y + rect.height) {
            for x in rect.x..<(rect.x + rect.width) {
                let offset = (y * width + x) * 3
                pixels[offset] = colour.red
                pixels[offset + 1] = colour.green
                pixels[offset + 2] = colour.blue
            }
        }
    }
}
