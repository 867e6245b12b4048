public import CollageCore

/// Why an input file was not read. The descriptions follow the file's name in a report, so
/// they say what is wrong with it, not which call failed.
public enum InputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Missing, no permission, or an I/O error; `reason` is the system's.
    case unreadable(PathName, reason: String)
    /// A directory, FIFO, socket or device, in words (`a named pipe (FIFO)`).
    case notAFile(PathName, kind: String)
    /// More bytes than any photo needs: the limit guards memory, whatever the file claims.
    case tooLarge(PathName, bytes: Int, limit: Int)

    public var path: PathName {
        switch self {
        case .unreadable(let path, _), .notAFile(let path, _), .tooLarge(let path, _, _): return path
        }
    }

    public var description: String {
        switch self {
        case .unreadable(_, let reason): return "cannot read: \(reason)"
        case .notAFile(_, let kind): return "\(kind), not a regular file"
        case .tooLarge(_, let bytes, let limit):
            return "\(ByteCount.describe(bytes)), over the file size limit of \(ByteCount.describe(limit)) (raise it with --max-file-size)"
        }
    }
}

/// Byte counts for people: `312 bytes`, `4.2 MiB`, `256 MiB`.
public enum ByteCount {
    public static func describe(_ bytes: Int) -> String {
        let units = ["KiB", "MiB", "GiB", "TiB"]
        guard bytes >= 1024 else { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let rounded = (value * 10).rounded() / 10
        let text = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        return "\(text) \(units[unit])"
    }
}
