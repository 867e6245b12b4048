/// The two formats the tool reads and writes.
public enum ImageFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    case jpeg = "JPEG"
    case png = "PNG"

    /// Recognises a file by its signature, not its name: a text file called `.jpg` is no JPEG.
    public init?<Bytes: Collection<UInt8>>(signature bytes: Bytes) {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else {
            return nil
        }
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
