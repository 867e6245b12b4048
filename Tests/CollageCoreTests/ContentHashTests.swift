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

    @Test func hexRoundTripsAndRefusesAnythingElse() throws {
        let hash = ContentHash(of: Array("abc".utf8))
        #expect(ContentHash(hex: hash.description) == hash)
        #expect(ContentHash(hex: "BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD") == nil)
        #expect(ContentHash(hex: "abc") == nil)
        #expect(ContentHash(hex: String(repeating: "g", count: 64)) == nil)
    }
}
