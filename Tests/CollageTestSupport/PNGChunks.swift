/// A PNG's chunks, read from its bytes without libpng, each checked against its CRC-32; nil if
/// the signature, a length or a CRC is wrong. Tests find `pHYs` and its place with it.
public struct PNGChunks: Sequence, Sendable {
    public struct Chunk: Sendable {
        public let type: String
        public let data: [UInt8]
    }

    public let chunks: [Chunk]

    public init?(_ bytes: [UInt8]) {
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        var chunks: [Chunk] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            let end = offset + 12 + length
            guard end <= bytes.count else { return nil }
            let typed = Array(bytes[(offset + 4)..<(offset + 8 + length)])
            let crc = bytes[(end - 4)..<end].reduce(0) { $0 << 8 | UInt32($1) }
            guard crc == Self.crc32(typed) else { return nil }
            chunks.append(Chunk(type: String(decoding: typed.prefix(4), as: UTF8.self), data: Array(typed.dropFirst(4))))
            offset = end
        }
        guard offset == bytes.count else { return nil }
        self.chunks = chunks
    }

    public func makeIterator() -> IndexingIterator<[Chunk]> { chunks.makeIterator() }

    /// The CRC of PNG (ISO 3309), bit by bit: slow and obviously right.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }
}
