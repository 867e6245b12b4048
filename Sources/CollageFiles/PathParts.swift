public import CollageCore

/// A path split at its last slash: the folder it names a file in, and the file's name.
public struct PathParts: Sendable {
    /// "." for a bare name, "/" for a file at the root.
    public let folder: PathName
    public let name: PathName

    public init(_ path: PathName) {
        let bytes = path.bytes
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else {
            folder = "."
            name = path
            return
        }
        folder = slash == 0 ? "/" : PathName(bytes: Array(bytes[..<slash]))
        name = PathName(bytes: Array(bytes[(slash + 1)...]))
    }

    /// Another name in the same folder.
    public func sibling(_ other: PathName) -> PathName { folder.appending(other) }
}
