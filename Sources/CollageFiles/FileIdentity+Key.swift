public import CollageCore
#if canImport(Glibc)
internal import Glibc
#endif

extension FileIdentity {
    /// Which file `path` names (device and inode), when something is there: a key to compare
    /// many paths with many others in one pass, where `same(_:_:)` compares two.
    public static func key(of path: PathName) -> FileKey? {
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 else { return nil }
        return FileKey(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}

/// A file's device and inode: equal for every path naming the same file.
public struct FileKey: Hashable, Sendable {
    public let device: UInt64
    public let inode: UInt64
}
