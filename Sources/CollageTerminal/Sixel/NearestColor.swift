internal import CollageCore
internal import CollageImaging

/// The nearest palette colour to any colour, by squared RGB distance (lowest index on a tie),
/// remembered per 15-bit colour: a photo asks for the same few thousand colours over and over.
final class NearestColor {
    let palette: [RGB]
    private var cache = [Int16](repeating: -1, count: 32768)

    init(palette: [RGB]) {
        self.palette = palette
    }

    func index(of color: RGB) -> UInt8 {
        let key = Int(color.red >> 3) << 10 | Int(color.green >> 3) << 5 | Int(color.blue >> 3)
        if cache[key] >= 0 { return UInt8(cache[key]) }
        // The centre of the 15-bit bin stands for all its colours.
        let (red, green, blue) = (Int(color.red & 0xF8) | 4, Int(color.green & 0xF8) | 4, Int(color.blue & 0xF8) | 4)
        var best = 0
        var bestDistance = Int.max
        for (index, candidate) in palette.enumerated() {
            let (dr, dg, db) = (Int(candidate.red) - red, Int(candidate.green) - green, Int(candidate.blue) - blue)
            let distance = dr * dr + dg * dg + db * db
            if distance < bestDistance {
                best = index
                bestDistance = distance
            }
        }
        cache[key] = Int16(best)
        return UInt8(best)
    }
}
