import CollageCore
import CollageImaging
import CollageTestSupport
import Testing

@Suite("The fingerprint index: candidates among many photos without comparing them all")
struct FingerprintIndexTests {
    /// The same fingerprints on every run.
    typealias Seeded = SeededGenerator

    /// `fingerprint` with `count` distinct bits of the 128 flipped, chosen by `random`.
    static func flipped(_ fingerprint: Fingerprint, bits count: Int, using random: inout Seeded) -> Fingerprint {
        var (horizontal, vertical) = (fingerprint.horizontal, fingerprint.vertical)
        for bit in Array(0..<128).shuffled(using: &random).prefix(count) {
            if bit < 64 { horizontal ^= 1 << UInt64(bit) } else { vertical ^= 1 << UInt64(bit - 64) }
        }
        return Fingerprint(horizontal: horizontal, vertical: vertical)
    }

    /// `fingerprint` with `count` bits flipped as evenly spread over the 128 as can be, from
    /// `offset`: the hardest case for an index of chunks, one differing bit in each.
    static func spread(_ fingerprint: Fingerprint, bits count: Int, offset: Int) -> Fingerprint {
        var (horizontal, vertical) = (fingerprint.horizontal, fingerprint.vertical)
        for step in 0..<count {
            let bit = (offset + step * 128 / max(1, count)) % 128
            if bit < 64 { horizontal ^= 1 << UInt64(bit) } else { vertical ^= 1 << UInt64(bit - 64) }
        }
        return Fingerprint(horizontal: horizontal, vertical: vertical)
    }

    /// Random fingerprints and, for each distance 0…20, copies of some of them that far away
    /// (bits flipped at random, and spread evenly), inserted in a shuffled order; every query is
    /// answered as the brute force answers it.
    @Test("Same entries as brute force, distances 0…20", arguments: [1, 2, 3])
    func sameAsBruteForce(seed: UInt64) {
        var random = Seeded(state: seed)
        let originals = (0..<200).map { _ in Fingerprint(horizontal: random.next(), vertical: random.next()) }
        var all = originals
        for distance in 0...20 {
            for original in originals.prefix(10) { all.append(Self.flipped(original, bits: distance, using: &random)) }
            for (offset, original) in originals.dropFirst(10).prefix(10).enumerated() {
                all.append(Self.spread(original, bits: distance, offset: offset))
            }
        }
        all.shuffle(using: &random)
        var index = FingerprintIndex()
        for fingerprint in all { index.insert(fingerprint) }
        var queries = originals
        for distance in 0...20 {
            queries += originals.suffix(20).map { Self.flipped($0, bits: distance, using: &random) }
        }
        var found = 0
        for query in queries {
            let brute = all.indices.filter { all[$0].distance(to: query) <= Fingerprint.candidateThreshold }
            #expect(index.near(query) == brute)
            found += brute.count
        }
        // Not an empty agreement: each original finds itself and its 13 (or 26) copies within 12 bits,
        // and each query within 12 bits finds its original.
        #expect(found >= originals.count + 2 * 13 * 10 + 13 * 20)
    }

    @Test("Chunks straddling the two words and a radius of 0 or 64", arguments: [0, 5, 12, 20, 64])
    func anyRadius(radius: Int) {
        var random = Seeded(state: UInt64(radius) + 7)
        let base = Fingerprint(horizontal: random.next(), vertical: random.next())
        var index = FingerprintIndex(radius: radius)
        let copies = (0...min(127, radius + 3)).map { Self.flipped(base, bits: $0, using: &random) }
        for copy in copies { index.insert(copy) }
        #expect(index.near(base) == Array(0...radius))
    }

    @Test func seenPhotosComparesOnlyCandidatesAndDropsPixels() {
        func photo(_ name: String, seed: Int) -> Photo {
            Photo(name: PathName(name), size: PixelSize(width: 120, height: 80), image: TestImages.pattern(seed: seed, 120, 80))
        }
        var seen = SeenPhotos()
        let taken = [photo("a.jpg", seed: 1), photo("b.jpg", seed: 2), photo("c.jpg", seed: 3)]
        for photo in taken { seen.insert(photo) }
        let copy = photo("b-copy.jpg", seed: 2)
        let resemblances = seen.resemblances(of: copy)
        #expect(resemblances.map(\.photo.name) == ["b.jpg"])
        #expect(resemblances.first?.photo.image.size == PixelSize(width: 1, height: 1))
        #expect(PhotoRules.unique(among: resemblances) == PhotoRules.unique(copy, among: taken))
        #expect(PhotoRules.unique(among: resemblances) == .duplicate(of: "b.jpg"))
        #expect(seen.resemblances(of: photo("d.jpg", seed: 4)).isEmpty)
    }
}
