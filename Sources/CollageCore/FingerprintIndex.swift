/// Finds, among many fingerprints, every one within a few bits of a new one without comparing it
/// with them all: multi-index hashing (Norouzi, Punjani and Fleet), as image-dedupe tools do.
///
/// The 128 bits are cut into `radius + 1` chunks. Two fingerprints that differ in at most
/// `radius` bits cannot differ in every chunk (pigeonhole), so they agree exactly on at least
/// one: each chunk is a hash table from its value to the fingerprints holding it, and a query
/// looks up its own value in each table and checks the full distance of what it finds. For
/// `radius` 12 the chunks are 9 or 10 bits: among random fingerprints a query meets about
/// `13 * count / 1024` of them, not `count`.
///
/// ```
/// var index = FingerprintIndex()
/// let a = index.insert(photo.fingerprint)            // 0
/// index.within(Fingerprint.candidateThreshold, of: copy.fingerprint) // [0]
/// ```
/// The answer is exactly the brute force's: every entry within `radius`, in the order inserted.
public struct FingerprintIndex: Sendable {
    /// The Hamming radius every query is answered for (`Fingerprint.candidateThreshold`).
    public let radius: Int
    /// Each chunk's first bit and width, over bits 0…63 (horizontal) then 64…127 (vertical).
    private let chunks: [(start: Int, width: Int)]
    /// One table per chunk: the chunk's value → the entries holding it, in insertion order.
    private var tables: [[UInt64: [Int32]]]
    public private(set) var fingerprints: [Fingerprint] = []

    public init(radius: Int = Fingerprint.candidateThreshold) {
        precondition((0..<128).contains(radius), "a radius below the fingerprint's 128 bits")
        self.radius = radius
        let count = radius + 1
        var chunks: [(start: Int, width: Int)] = []
        var start = 0
        for index in 0..<count {
            // As even as can be: the first `128 % count` chunks take one bit more.
            let width = 128 / count + (index < 128 % count ? 1 : 0)
            chunks.append((start, width))
            start += width
        }
        self.chunks = chunks
        tables = Array(repeating: [:], count: count)
    }

    public var count: Int { fingerprints.count }

    /// Adds `fingerprint`; returns its entry, the number of entries before it.
    @discardableResult
    public mutating func insert(_ fingerprint: Fingerprint) -> Int {
        let entry = fingerprints.count
        fingerprints.append(fingerprint)
        for (table, chunk) in chunks.enumerated() {
            tables[table][Self.bits(of: fingerprint, chunk.start, chunk.width), default: []].append(Int32(entry))
        }
        return entry
    }

    /// Every entry whose fingerprint is within the index's radius of `fingerprint`, in insertion order.
    public func near(_ fingerprint: Fingerprint) -> [Int] {
        var found = Set<Int32>()
        for (table, chunk) in chunks.enumerated() {
            guard let bucket = tables[table][Self.bits(of: fingerprint, chunk.start, chunk.width)] else { continue }
            for entry in bucket where !found.contains(entry) && fingerprints[Int(entry)].distance(to: fingerprint) <= radius {
                found.insert(entry)
            }
        }
        return found.map(Int.init).sorted()
    }

    /// `width` bits of the 128 from `start`: horizontal's bits are 0…63, vertical's 64…127.
    static func bits(of fingerprint: Fingerprint, _ start: Int, _ width: Int) -> UInt64 {
        let mask: UInt64 = width >= 64 ? .max : (1 << UInt64(width)) - 1
        let end = start + width
        if end <= 64 { return (fingerprint.horizontal >> UInt64(start)) & mask }
        if start >= 64 { return (fingerprint.vertical >> UInt64(start - 64)) & mask }
        // Across the two words: the low part from horizontal's top, the rest from vertical's bottom.
        let low = fingerprint.horizontal >> UInt64(start)
        let high = fingerprint.vertical << UInt64(64 - start)
        return (low | high) & mask
    }
}
