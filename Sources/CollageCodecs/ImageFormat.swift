/// The formats the tool reads; it writes JPEG and PNG (`isWritable`).
public enum ImageFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    case jpeg = "JPEG"
    case png = "PNG"
    /// HEIF with HEVC pictures (iPhones since 2017), through libheif.
    case heic = "HEIC"
    /// HEIF with AV1 pictures, through libheif.
    case avif = "AVIF"
    /// A HEIF file whose brands name neither HEVC nor AV1 (`mif1` alone); libheif still reads it.
    case heif = "HEIF"
    case webp = "WebP"

    /// How many leading bytes `init(signature:)` needs: an `ftyp` box names its brands there.
    public static let signatureLength = 64

    /// Recognises a file by its signature, not its name: a text file called `.jpg` is no JPEG.
    public init?<Bytes: Collection<UInt8>>(signature bytes: Bytes) {
        let head = Array(bytes.prefix(Self.signatureLength))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if head.count >= 12, head[0..<4].elementsEqual(Array("RIFF".utf8)), head[8..<12].elementsEqual(Array("WEBP".utf8)) {
            self = .webp
        } else if let format = Self.heifFamily(head) {
            self = format
        } else {
            return nil
        }
    }

    /// An ISO base media file whose first box is `ftyp` naming a HEIF brand: the major brand,
    /// then the compatible ones (an AVIF may say `mif1` first and `avif` after it).
    private static func heifFamily(_ head: [UInt8]) -> ImageFormat? {
        guard head.count >= 16, head[4..<8].elementsEqual(Array("ftyp".utf8)) else { return nil }
        let boxSize = Int(head[0]) << 24 | Int(head[1]) << 16 | Int(head[2]) << 8 | Int(head[3])
        guard boxSize >= 16 else { return nil }
        let end = min(boxSize, head.count)
        var brands = [String(decoding: head[8..<12], as: UTF8.self)]
        for start in stride(from: 16, to: end - 3, by: 4) {
            brands.append(String(decoding: head[start..<start + 4], as: UTF8.self))
        }
        let hevc: Set = ["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs"]
        let av1: Set = ["avif", "avis"]
        let heif: Set = ["mif1", "msf1", "mif2", "miaf"]
        guard brands.contains(where: { hevc.contains($0) || av1.contains($0) || heif.contains($0) }) else { return nil }
        if av1.contains(brands[0]) { return .avif }
        if hevc.contains(brands[0]) { return .heic }
        if brands.contains(where: av1.contains) { return .avif }
        if brands.contains(where: hevc.contains) { return .heic }
        return .heif
    }

    /// JPEG and PNG: the formats a collage is written in.
    public var isWritable: Bool { self == .jpeg || self == .png }

    /// The output format a path asks for: `.jpg`/`.jpeg` or `.png`, in any case.
    public init?(forPath path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "jpg", "jpeg": self = .jpeg
        case "png": self = .png
        default: return nil
        }
    }

    public var description: String { rawValue }
}
