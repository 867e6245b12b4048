/// The formats the tool reads (each an `ImageCodec`) and the two it writes.
public enum ImageFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    case jpeg = "JPEG"
    case png = "PNG"

    /// Recognises a file by its signature, not its name: a text file called `.jpg` is no JPEG.
    public init?<Bytes: Collection<UInt8>>(signature bytes: Bytes) {
        guard let codec = ImageCodecs.codec(signature: bytes) else { return nil }
        self = codec.format
    }

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
