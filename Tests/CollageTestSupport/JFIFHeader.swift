/// JFIF's APP0 segment, read from a JPEG's bytes without libjpeg: the first marker segment
/// after SOI that says "JFIF". Tests check the resolution the encoder wrote with it.
public struct JFIFHeader: Sendable {
    /// 0: no unit (an aspect ratio), 1: dots per inch, 2: dots per centimetre.
    public let unit: Int
    public let xDensity: Int
    public let yDensity: Int

    public init?(_ bytes: [UInt8]) {
        guard bytes.starts(with: [0xFF, 0xD8]) else { return nil }
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF, bytes[offset + 1] != 0xDA {
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2 else { return nil }
            let payload = (offset + 4)..<(offset + 2 + length)
            guard payload.upperBound <= bytes.count else { return nil }
            if bytes[offset + 1] == 0xE0, bytes[payload].starts(with: Array("JFIF\0".utf8)), length >= 16 {
                let p = payload.lowerBound
                unit = Int(bytes[p + 7])
                xDensity = Int(bytes[p + 8]) << 8 | Int(bytes[p + 9])
                yDensity = Int(bytes[p + 10]) << 8 | Int(bytes[p + 11])
                return
            }
            offset = payload.upperBound
        }
        return nil
    }
}
