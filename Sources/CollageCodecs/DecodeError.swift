internal import CollageCore
public import CollageImaging

/// Why a file could not be decoded. Each description is the reason a report prints after the
/// file name, so it names what failed, not where in the code.
public enum DecodeError: Error, Hashable, Sendable, CustomStringConvertible {
    case notAnImage
    case truncated(format: ImageFormat)
    case corrupt(format: ImageFormat, reason: String)
    case tooLarge(PixelSize, limit: Int)
    case tooManyScans(limit: Int)
    case outOfMemory
    /// Reading the file failed part-way (an I/O error); `reason` is the system's.
    case unreadable(reason: String)

    public var description: String {
        switch self {
        case .notAnImage: return "not an image (not JPEG, PNG, HEIC, AVIF or WebP)"
        case .truncated(let format): return "truncated \(format) file (premature end of data)"
        case .corrupt(let format, let reason): return "corrupt \(format) file: \(reason)"
        case .tooLarge(let size, let limit):
            return "\(size) is \(size.area) pixels, over the limit of \(limit) (raise it with --max-pixels)"
        case .tooManyScans(let limit): return "progressive JPEG with more than \(limit) scans refused"
        case .outOfMemory: return "out of memory while decoding"
        case .unreadable(let reason): return "cannot read: \(reason)"
        }
    }
}
