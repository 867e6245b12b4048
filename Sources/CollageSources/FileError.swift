public import CollageCore

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
