/// HMAC-SHA256 (RFC 2104): a tag only the holder of the key can make, for the collage mark (a
/// guest can copy a mark, or write the word `collage` into a photo, but not make a tag that
/// fits other bytes).
public enum HMAC {
    /// The 32-byte tag of `message` under `key`.
    public static func sha256(_ message: some Collection<UInt8>, key: [UInt8]) -> [UInt8] {
        var block = key.count > 64 ? SHA256.digest(key) : key
        block += [UInt8](repeating: 0, count: 64 - block.count)
        // The message is hashed where it lies, after the key block: never copied behind it.
        var inner = SHA256()
        inner.update(block.map { $0 ^ 0x36 })
        inner.update(message)
        var outer = SHA256()
        outer.update(block.map { $0 ^ 0x5c })
        outer.update(inner.finish())
        return outer.finish()
    }

    /// A tag as 64 lowercase hex digits, as the journal writes it.
    public static func hex(_ tag: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        return String(tag.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] })
    }

    /// Whether two tags are equal, in time that does not depend on where they differ.
    public static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
