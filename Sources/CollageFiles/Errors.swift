public import CollageCore
internal import Glibc

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

/// A failed system call on a file, as one line: what was being done and the system's reason.
public struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
    public let path: PathName
    public let action: String
    public let reason: String

    public init(path: PathName, action: String, reason: String) {
        self.path = path
        self.action = action
        self.reason = reason
    }

    public var description: String { "cannot \(action) \(path): \(reason)" }
}

/// The system's one-line reason for `code`, or for the last failed call.
public func systemReason(_ code: Int32? = nil) -> String {
    String(cString: strerror(code ?? errno))
}

/// The error for the last failed system call on `path`.
public func systemError(_ path: PathName, _ action: String, _ code: Int32? = nil) -> FileError {
    FileError(path: path, action: action, reason: systemReason(code ?? errno))
}
