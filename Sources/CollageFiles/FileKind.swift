public import CollageCore
internal import Glibc

/// What a file is, in words, for reports.
public enum FileKind {
    /// `mode` is a `stat` mode (`mode_t`).
    public static func describe(mode: UInt32) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a named pipe (FIFO)"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFLNK: return "a symbolic link"
        default: return "a special file"
        }
    }

    /// The kind of what `path` names (following a link), if it is not a regular file.
    public static func ofPath(_ path: PathName) -> String? {
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0, info.st_mode & S_IFMT != S_IFREG else { return nil }
        return describe(mode: info.st_mode)
    }
}
