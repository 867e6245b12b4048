public import CollageImaging
extension RGB {
    /// A colour as the command line takes it: `#rgb`, `#rrggbb` or a CSS colour name (`navy`,
    /// `rebeccapurple`), in any case. `#rgb` doubles each digit, as CSS does: `#f80` is `#ff8800`.
    public init(parsing text: String) throws(StyleError) {
        let lowered = text.lowercased()
        if let value = CSSColorNames.table[lowered] {
            self.init(hex: value)
            return
        }
        guard lowered.first == "#" else { throw .badColor(text) }
        let digits = lowered.dropFirst()
        guard digits.allSatisfy(\.isHexDigit), digits.allSatisfy(\.isASCII),
              digits.count == 3 || digits.count == 6, var value = UInt32(digits, radix: 16) else {
            throw .badColor(text)
        }
        if digits.count == 3 {
            let (r, g, b) = (value >> 8, value >> 4 & 0xF, value & 0xF)
            value = (r * 0x11) << 16 | (g * 0x11) << 8 | b * 0x11
        }
        self.init(hex: value)
    }

    /// From 0xRRGGBB.
    public init(hex value: UInt32) {
        self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// `#rrggbb`: how reports name a colour.
    public var hex: String {
        func pair(_ channel: UInt8) -> String {
            let digits = String(channel, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }
        return "#" + pair(red) + pair(green) + pair(blue)
    }
}
