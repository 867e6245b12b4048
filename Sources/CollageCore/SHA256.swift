/// FIPS 180-4 SHA-256, on the bytes in memory: no C library for a few lines of arithmetic.
/// Whole 64-byte blocks are read where the caller keeps them, since a photo may be 256 MiB;
/// only a block split between two `update`s and the padded end are copied, into `pending`.
/// Streaming, so HMAC hashes its key block and the message without joining them in a copy.
struct SHA256 {
    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    private var h: [UInt32] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
    /// The bytes of a block not yet whole.
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    static func digest(_ data: some Collection<UInt8>) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(data)
        return hasher.finish()
    }

    mutating func update(_ data: some Collection<UInt8>) {
        if data.withContiguousStorageIfAvailable({ update(UnsafeRawBufferPointer($0)) }) == nil {
            Array(data).withUnsafeBytes { update($0) }
        }
    }

    mutating func update(_ message: UnsafeRawBufferPointer) {
        length += UInt64(message.count)
        var rest = message[...]
        if !pending.isEmpty {
            let taken = min(64 - pending.count, rest.count)
            pending += rest.prefix(taken)
            rest = rest.dropFirst(taken)
            guard pending.count == 64 else { return }
            pending.withUnsafeBytes { compress(blocks: $0) }
            pending = []
        }
        let whole = rest.count - rest.count % 64
        compress(blocks: UnsafeRawBufferPointer(rebasing: rest.prefix(whole)))
        pending = Array(rest.dropFirst(whole))
    }

    /// The digest of everything given: the rest, 0x80, zeros, and the length in bits in the
    /// last 8 bytes (one block, or two when fewer than 9 bytes are left after the rest).
    mutating func finish() -> [UInt8] {
        var tail = pending + [0x80]
        tail += [UInt8](repeating: 0, count: (tail.count <= 56 ? 56 : 120) - tail.count)
        let bits = length &* 8
        tail += (0..<8).map { UInt8(truncatingIfNeeded: bits >> (56 - 8 * $0)) }
        tail.withUnsafeBytes { compress(blocks: $0) }
        return h.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * $0)) } }
    }

    /// Whole 64-byte blocks into the state. The loops index raw buffers (no bounds checks: the
    /// indices are fixed) and rotate with masking shifts, so they compile to plain rotates.
    private mutating func compress(blocks: UnsafeRawBufferPointer) {
        guard blocks.count >= 64 else { return }
        Self.k.withUnsafeBufferPointer { k in
            h.withUnsafeMutableBufferPointer { h in
                withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
                    let (k, h, w) = (k.baseAddress!, h.baseAddress!, w.baseAddress!)
                    for block in stride(from: 0, to: blocks.count - 63, by: 64) {
                        for t in 0..<16 {
                            w[t] = UInt32(bigEndian: blocks.loadUnaligned(fromByteOffset: block + 4 * t, as: UInt32.self))
                        }
                        for t in 16..<64 {
                            let s0 = Self.rotate(w[t - 15], 7) ^ Self.rotate(w[t - 15], 18) ^ (w[t - 15] &>> 3)
                            let s1 = Self.rotate(w[t - 2], 17) ^ Self.rotate(w[t - 2], 19) ^ (w[t - 2] &>> 10)
                            w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
                        }
                        var (a, b, c, d, e, f, g, hh) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
                        for t in 0..<64 {
                            let t1 = hh &+ (Self.rotate(e, 6) ^ Self.rotate(e, 11) ^ Self.rotate(e, 25)) &+ (e & f ^ ~e & g) &+ k[t] &+ w[t]
                            let t2 = (Self.rotate(a, 2) ^ Self.rotate(a, 13) ^ Self.rotate(a, 22)) &+ (a & b ^ a & c ^ b & c)
                            (hh, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
                        }
                        h[0] &+= a; h[1] &+= b; h[2] &+= c; h[3] &+= d; h[4] &+= e; h[5] &+= f; h[6] &+= g; h[7] &+= hh
                    }
                }
            }
        }
    }

    @inline(__always)
    private static func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { x &>> n | x &<< (32 &- n) }
}
