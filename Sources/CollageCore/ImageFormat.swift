/// The formats the tool reads (each read by one of CollageCodecs' `ImageCodec`s, which also
/// recognises it by its signature); it writes JPEG and PNG (`isWritable`).
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
