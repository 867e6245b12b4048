internal import CollageCore
public import CollageImaging

/// Pictures drawn with text: each cell is `▀`, its upper half the foreground colour and its
/// lower half the background, so a cell shows two pixels stacked. Works in any colour terminal.
public enum HalfBlocks {
    public enum Colors: Sendable {
        /// `38;2;r;g;b`: the exact colour.
        case trueColor
        /// `38;5;n`: the nearest of the xterm cube and grey ramp, for terminals without 24-bit.
        case ansi256
    }

    static let upperHalf = Array("\u{2580}".utf8)

    /// One line of cells per two rows of `image` (an odd last row repeats itself below), each
    /// line ending with the attributes reset and a newline. A colour is sent only when it
    /// changes from the cell before.
    public static func encode(_ image: RGBImage, colors: Colors) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(image.width * (image.height + 1) / 2 * 24)
        for top in stride(from: 0, to: image.height, by: 2) {
            let bottom = min(top + 1, image.height - 1)
            var current: (foreground: String, background: String)?
            for x in 0..<image.width {
                let foreground = sgr(image[x, top], layer: 38, colors)
                let background = sgr(image[x, bottom], layer: 48, colors)
                var parameters: [String] = []
                if current?.foreground != foreground { parameters.append(foreground) }
                if current?.background != background { parameters.append(background) }
                if !parameters.isEmpty { out += Array(ControlSequence.sgr(parameters.joined(separator: ";")).utf8) }
                out += upperHalf
                current = (foreground, background)
            }
            out += Array((ControlSequence.resetAttributes + "\n").utf8)
        }
        return out
    }

    /// `38;…` sets the foreground, `48;…` the background.
    private static func sgr(_ color: RGB, layer: Int, _ colors: Colors) -> String {
        switch colors {
        case .trueColor: "\(layer);2;\(color.red);\(color.green);\(color.blue)"
        case .ansi256: "\(layer);5;\(XtermPalette.index(of: color))"
        }
    }
}
