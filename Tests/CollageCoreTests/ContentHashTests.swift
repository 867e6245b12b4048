import CollageCore
import Testing

@Suite("Content hash: SHA-256 of a file's bytes")
struct ContentHashTests {
    @Test("FIPS 180-2 and NIST test vectors, across the padding boundaries", arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("The quick brown fox jumps over the lazy dog", "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592"),
    ])
    func knownDigests(text: String, hex: String) {
        #expect(ContentHash(of: Array(text.utf8)).description == hex)
    }

    @Test func aMillionAsAndEveryLengthAroundABlock() {
        #expect(ContentHash(of: [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)).description
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        // 55, 56 and 64 bytes are where the length no longer fits the first block.
        let digests = (50...70).map { ContentHash(of: [UInt8](repeating: 0x61, count: $0)) }
        #expect(Set(digests).count == digests.count)
        #expect(ContentHash(of: [UInt8](repeating: 0x61, count: 56)).description
            == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
    }

    /// Byte `i` is `(31·i + 7) mod 251`, so a block read from the wrong offset changes the digest.
    static func pattern(_ count: Int) -> [UInt8] { (0..<count).map { UInt8((31 * $0 + 7) % 251) } }

    @Test("Lengths around the block and padding boundaries, as sha256sum hashes them", arguments: [
        (1, "ca358758f6d27e6cf45272937977a748fd88391db679ceda7dc7bf1f005ee879"),
        (55, "e40272620990d5f772101e014a0fe168d9ab13215739a04bdcb4b9cadc303c75"),
        (56, "5b3154594d65c2a11e797576e2b4ece47f48373d8acfc0ae2cc3b87ca7adaedc"),
        (57, "bd73274967a968a1d4353b4096741c1c880d2356d44c63f0e7916c8efe59bccc"),
        (63, "2caeed71c024d190f2f9633bdac2b8f283b1cb86dfe7709023ab70f11f747a1b"),
        (64, "3483dc12a3fea6618642162f88124ea56e797597a97483d5ba597a42d98aaf6b"),
        (65, "3a513663aae909c328f43e2d74265dc5ec35495c99dfde7b8f9dd37f297dfa40"),
        (119, "c06b1fcfb8d206bb4fe8e8cde10de7af236f619ff29c720de0083f7377491fd9"),
        (120, "f425d2567f5c636c99335e5e8bb04669475b3b8b6f7523bbabbd11115cef8550"),
        (127, "2388ace1b8d638348c6720ec543c3dc1a2db3d73bf5c5f029536827b27b9b45f"),
        (128, "43a42610c7b657d1ce21bf0255e86be7ea01aa9dddf0701f596e99a4c6f61001"),
        (129, "35b3c29046f207cfca0f9e23b9ed7f9fd19084699c413286eadbc80833f374b6"),
        (1000, "008549d94fa71e7a0a483d84380d05a923a4b18e79ba1f8a8ddac923956d32ef"),
    ])
    func boundaryLengths(count: Int, hex: String) {
        #expect(ContentHash(of: Self.pattern(count)).description == hex)
    }

    /// A slice is hashed where it lies in its array, and a collection without contiguous storage
    /// (here a lazy map) gives the same digest as the array of its bytes.
    @Test func slicesAndOtherCollectionsHashTheirOwnBytes() {
        let bytes = Self.pattern(1100)
        #expect(ContentHash(of: bytes[37..<1037]) == ContentHash(of: Array(bytes[37..<1037])))
        #expect(ContentHash(of: bytes.prefix(1000)).description == "008549d94fa71e7a0a483d84380d05a923a4b18e79ba1f8a8ddac923956d32ef")
        #expect(ContentHash(of: (0..<65).lazy.map { UInt8((31 * $0 + 7) % 251) }).description
            == "3a513663aae909c328f43e2d74265dc5ec35495c99dfde7b8f9dd37f297dfa40")
    }

    @Test func hexRoundTripsAndRefusesAnythingElse() throws {
        let hash = ContentHash(of: Array("abc".utf8))
        #expect(ContentHash(hex: hash.description) == hash)
        #expect(ContentHash(hex: "BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD") == nil)
        #expect(ContentHash(hex: "abc") == nil)
        #expect(ContentHash(hex: String(repeating: "g", count: 64)) == nil)
    }
}
