/// The Content-Type of a served image, read from its first bytes: the file says what it is,
/// whatever its name ends with.
enum MediaType {
    static func sniff(_ bytes: some Collection<UInt8>) -> String {
        let head = Array(bytes.prefix(12))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if head.count == 12, head.starts(with: Array("RIFF".utf8)), Array(head[8...]) == Array("WEBP".utf8) { return "image/webp" }
        if head.count == 12, Array(head[4..<8]) == Array("ftyp".utf8) {
            let brand = String(decoding: head[8...], as: UTF8.self)
            return brand.hasPrefix("avif") ? "image/avif" : "image/heic"
        }
        return "application/octet-stream"
    }
}
