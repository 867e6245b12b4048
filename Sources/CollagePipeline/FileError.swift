/// A failed system call on a file, as one line: what was being done and the system's reason.
public struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
    public let path: String
    public let action: String
    public let reason: String

    public var description: String { "cannot \(action) \(path): \(reason)" }
}
