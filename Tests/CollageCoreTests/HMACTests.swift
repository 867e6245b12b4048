import CollageCore
import Testing

/// HMAC-SHA256 against RFC 4231's test vectors.
@Suite struct HMACTests {
    func hex(_ bytes: [UInt8]) -> String { bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined() }

    @Test func rfc4231TestCase1() {
        #expect(hex(HMAC.sha256(Array("Hi There".utf8), key: [UInt8](repeating: 0x0b, count: 20)))
            == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
    }

    @Test func aKeyLongerThanABlockIsHashedFirst() {
        #expect(hex(HMAC.sha256(Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8), key: [UInt8](repeating: 0xaa, count: 131)))
            == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    @Test func sameComparesEveryByte() {
        #expect(HMAC.same([1, 2, 3], [1, 2, 3]))
        #expect(!HMAC.same([1, 2, 3], [1, 2, 4]) && !HMAC.same([1, 2], [1, 2, 3]))
    }
}
