public import CollageCore
public import CollageImaging

/// Why a file could not be decoded. Each description is the reason a report prints after the
/// file name, so it names what failed, not where in the code.
public enum DecodeError: Error, Hashable, Sendable, CustomStringConvertible {
    case notAnImage
    case truncated(format: ImageFormat)
    case corrupt(format: ImageFormat, reason: String)
    case tooLarge(PixelSize, limit: Int)
    case tooManyScans(limit: Int)
    /// Its header says decoding it takes more memory than `--max-memory` allows.
    case needsMemory(bytes: Int, limit: Int)
    case outOfMemory
    /// Reading the file failed part-way (an I/O error); `reason` is the system's.
    case unreadable(reason: String)

    public var description: String {
        switch self {
        case .notAnImage: return "not an image (neither \(Self.formatsRead))"
        case .truncated(let format): return "truncated \(format) file (premature end of data)"
        case .corrupt(let format, let reason): return "corrupt \(format) file: \(reason)"
        case .tooLarge(let size, let limit):
            return "\(size) is \(size.area) pixels, over the limit of \(limit) (raise it with --max-pixels)"
        case .tooManyScans(let limit): return "progressive JPEG with more than \(limit) scans refused"
        case .needsMemory(let bytes, let limit):
            return "needs \((bytes + (1 << 20) - 1) >> 20) MiB to decode, over --max-memory \(Self.size(limit))"
        case .outOfMemory: return "out of memory while decoding"
        case .unreadable(let reason): return "cannot read: \(reason)"
        }
    }

    /// A byte count as `--max-memory` takes it: 512M, 1G.
    static func size(_ bytes: Int) -> String {
        for (suffix, unit) in [("G", 1 << 30), ("M", 1 << 20), ("K", 1 << 10)] where bytes % unit == 0 { return "\(bytes / unit)\(suffix)" }
        return String(bytes)
    }

    /// "JPEG nor PNG": every format a codec reads.
    private static var formatsRead: String {
        let names = ImageCodecs.formats.map(\.description)
        return names.dropLast().joined(separator: ", ") + " nor " + names.last!
    }
}

/// Why an image could not be encoded.
public struct EncodeError: Error, Hashable, Sendable, CustomStringConvertible {
    public let format: ImageFormat
    public let reason: String
    public var description: String { "cannot encode \(format): \(reason)" }
}
