internal import CCollageSHA

/// FIPS 180-4 SHA-256, on the bytes in memory: no C library for a few lines of arithmetic.
/// Whole 64-byte blocks are read where the caller keeps them, since a photo may be 256 MiB;
/// only a block split between two `update`s and the padded end are copied, into `pending`.
/// Streaming, so HMAC hashes its key block and the message without joining them in a copy.
/// The blocks go through the CPU's SHA instructions where it has them (CCollageSHA, about five
/// times faster: a saved collage is hashed twice between its encode and its rename), else
/// through the portable loop below; the tests run both.
struct SHA256 {
    /// What compresses the blocks.
    enum Engine: CaseIterable {
        case instructions, portable

        /// The CPU's SHA instructions when it has them.
        static let fastest = fastest(on: .current)

        /// The instructions need the SHA extensions and the SSSE3 and SSE4.1 shuffles, blends and
        /// byte alignments the block loop uses around them; the portable loop runs anywhere.
        static func fastest(on cpu: CPUFeatures) -> Engine {
            cpu.sha && cpu.ssse3 && cpu.sse41 ? .instructions : .portable
        }
        /// The engines this CPU can run.
        static var available: [Engine] { fastest == .instructions ? allCases : [.portable] }
    }

    private var h: [UInt32] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
    /// The bytes of a block not yet whole.
    private var pending: [UInt8] = []
    private var length: UInt64 = 0
    private let engine: Engine

    init(engine: Engine = .fastest) {
        self.engine = engine
    }

    static func digest(_ data: some Collection<UInt8>, engine: Engine = .fastest) -> [UInt8] {
        var hasher = SHA256(engine: engine)
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

    /// Whole 64-byte blocks into the state.
    private mutating func compress(blocks: UnsafeRawBufferPointer) {
        guard blocks.count >= 64 else { return }
        switch engine {
        case .instructions:
            h.withUnsafeMutableBufferPointer { h in
                collage_sha256_blocks(h.baseAddress!, blocks.baseAddress!.assumingMemoryBound(to: UInt8.self), blocks.count / 64)
            }
        case .portable:
            compressPortably(blocks: blocks)
        }
    }

    /// The loops index raw buffers (no bounds checks: the indices are fixed) and rotate with
    /// masking shifts, so they compile to plain rotates.
    private mutating func compressPortably(blocks: UnsafeRawBufferPointer) {
        let k = collage_sha256_constants()!
        h.withUnsafeMutableBufferPointer { h in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
                let (h, w) = (h.baseAddress!, w.baseAddress!)
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

    @inline(__always)
    private static func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { x &>> n | x &<< (32 &- n) }
}
