/// A file's identity by content: the SHA-256 of its bytes. Exact where a fingerprint is
/// forgiving: the photo booth uses it to recognise a photo it has already put in a saved collage,
/// whatever its name now, and it does not change when the duplicate rule does.
public struct ContentHash: Hashable, Sendable, CustomStringConvertible {
    /// The 32 bytes of the digest.
    public let bytes: [UInt8]

    public init(of data: some Collection<UInt8>) {
        bytes = SHA256.digest(data)
    }

    /// From 64 hex digits, as `description` writes it; nil for anything else.
    public init?(hex: some StringProtocol) {
        let digits = Array(hex.utf8)
        guard digits.count == 64 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for pair in stride(from: 0, to: 64, by: 2) {
            guard let high = Self.value(of: digits[pair]), let low = Self.value(of: digits[pair + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        self.bytes = bytes
    }

    /// 64 lowercase hex digits, as `sha256sum` prints them.
    public var description: String {
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] })
    }

    private static func value(of digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        default: return nil
        }
    }
}
