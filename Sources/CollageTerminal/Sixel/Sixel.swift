internal import CollageCore
public import CollageImaging

/// DEC sixel graphics: the image in bands six pixels high; each band is drawn once per colour
/// it contains, a character per column whose six bits say which of its six pixels take that
/// colour. Understood by xterm (`-ti vt340`), foot, WezTerm, mlterm, Konsole and others.
public enum Sixel {
    /// `DCS 0;1;0 q`: P2 = 1 leaves pixels not drawn as they were (nothing is painted below
    /// the image's last row); `"1;1;W;H` (raster attributes) gives square pixels and the size.
    static func header(_ size: PixelSize) -> String {
        "\u{1B}P0;1;0q\"1;1;\(size.width);\(size.height)"
    }

    /// Quantises `image` to at most `maxColors` colours (a terminal's colour registers, 256 at
    /// most) and encodes it.
    public static func encode(_ image: RGBImage, maxColors: Int = 256, dither: Bool = true) -> [UInt8] {
        encode(ColorQuantizer.quantize(image, maxColors: maxColors, dither: dither))
    }

    /// The palette as `#n;2;r;g;b` (percentages), then each band: for each colour present in
    /// it, in palette order, `#n` and its row of sixels, runs of four or more as `!count`,
    /// trailing empty sixels dropped; `$` returns to the band's start between colours, `-`
    /// goes to the next band.
    public static func encode(_ image: IndexedImage) -> [UInt8] {
        let (width, height, colors) = (image.size.width, image.size.height, image.palette.count)
        var out = Array(header(image.size).utf8)
        for (index, color) in image.palette.enumerated() {
            out += Array("#\(index);2;\(percent(color.red));\(percent(color.green));\(percent(color.blue))".utf8)
        }
        var bits = [UInt8](repeating: 0, count: colors * width)
        var present = [Bool](repeating: false, count: colors)
        for top in stride(from: 0, to: height, by: 6) {
            for row in 0..<min(6, height - top) {
                let start = (top + row) * width
                for x in 0..<width {
                    let color = Int(image.indices[start + x])
                    bits[color * width + x] |= 1 << row
                    present[color] = true
                }
            }
            var first = true
            for color in 0..<colors where present[color] {
                if !first { out.append(UInt8(ascii: "$")) }
                first = false
                out += Array("#\(color)".utf8)
                appendRow(bits[(color * width)..<((color + 1) * width)], to: &out)
                for x in 0..<width { bits[color * width + x] = 0 }
                present[color] = false
            }
            if top + 6 < height { out.append(UInt8(ascii: "-")) }
        }
        out += Array(ControlSequence.stringTerminator.utf8)
        return out
    }

    /// One colour's sixels for a band, run-length encoded.
    private static func appendRow(_ row: ArraySlice<UInt8>, to out: inout [UInt8]) {
        guard let last = row.lastIndex(where: { $0 != 0 }) else { return }
        var index = row.startIndex
        while index <= last {
            let value = row[index]
            var end = index + 1
            while end <= last, row[end] == value { end += 1 }
            let character = 63 + value  // "?" is no pixel, "~" all six
            let count = end - index
            if count >= 4 {
                out += Array("!\(count)".utf8)
                out.append(character)
            } else {
                out += [UInt8](repeating: character, count: count)
            }
            index = end
        }
    }

    /// Sixel colours are percentages, 0 to 100, rounded.
    private static func percent(_ channel: UInt8) -> Int { (Int(channel) * 100 + 127) / 255 }
}
