import CollageCore

/// Reads sixel back into colour-register numbers per pixel: the tests' own reading of the
/// format, written from the spec, to check the encoder against on images too big to spell out.
struct SixelReader {
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    private(set) var width = 0
    private(set) var height = 0
    /// Register -> colour in percent.
    private(set) var registers: [Int: [Int]] = [:]
    /// The register drawn at each pixel, row-major; nil where nothing was drawn.
    private(set) var pixels: [Int?] = []

    init(_ bytes: [UInt8]) throws {
        var text = Substring(bytes.text)
        guard text.hasPrefix("\u{1B}P0;1;0q\""), text.hasSuffix("\u{1B}\\") else { throw Malformed(description: "no DCS … q / ST") }
        text = text.dropFirst(9).dropLast(2)
        let raster = Self.numbers(&text)
        guard raster.count == 4, raster[0] == 1, raster[1] == 1 else { throw Malformed(description: "raster \(raster)") }
        (width, height) = (raster[2], raster[3])
        pixels = Array(repeating: nil, count: width * height)
        var (x, band, color, repeatCount) = (0, 0, 0, 1)
        while let character = text.first {
            text = text.dropFirst()
            switch character {
            case "#":
                let values = Self.numbers(&text)
                if values.count == 5 {
                    guard values[1] == 2 else { throw Malformed(description: "colour space \(values[1])") }
                    registers[values[0]] = Array(values[2...])
                } else {
                    color = values[0]
                }
            case "!": repeatCount = Self.numbers(&text)[0]
            case "$": x = 0
            case "-": (x, band) = (0, band + 1)
            default:
                guard let value = character.asciiValue, (63...126).contains(value) else { throw Malformed(description: "byte \(character)") }
                for _ in 0..<repeatCount {
                    for bit in 0..<6 where (value - 63) & (1 << bit) != 0 {
                        let y = band * 6 + bit
                        guard y < height, x < width else { throw Malformed(description: "pixel \(x),\(y) outside") }
                        pixels[y * width + x] = color
                    }
                    x += 1
                }
                repeatCount = 1
            }
        }
    }

    /// Semicolon-separated numbers at the front of `text`, consumed.
    private static func numbers(_ text: inout Substring) -> [Int] {
        let end = text.firstIndex { !($0.isNumber || $0 == ";") } ?? text.endIndex
        let values = text[..<end].split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        text = text[end...]
        return values
    }
}
