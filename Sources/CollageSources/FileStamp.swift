#if canImport(Glibc)
internal import Glibc
#endif
public import CollageCore

/// What a file is at a moment, without reading it: its inode, size and modification time. A
/// name whose stamp changed holds another photo (deleted and saved again, renamed over, or
/// written further since it was read): a watch takes it again, as a new arrival.
public struct FileStamp: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let seconds: Int
    let nanoseconds: Int

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        seconds = info.st_mtim.tv_sec
        nanoseconds = info.st_mtim.tv_nsec
    }

    /// The stamp of what `path` names, following a symbolic link; nil when nothing is there.
    public static func of(_ path: PathName) -> FileStamp? {
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 || path.withCString({ lstat($0, &info) }) == 0 else { return nil }
        return FileStamp(info)
    }
}
