public import CollageCore
#if canImport(Glibc)
internal import Glibc
#endif

/// Which file a path names, whatever its spelling: `photos/./a.jpg`, a link, a relative path.
public enum FileIdentity {
    /// True when something is there under that name, even a broken link.
    public static func exists(_ path: PathName) -> Bool {
        var info = stat()
        return path.withCString { lstat($0, &info) } == 0
    }

    /// True when both paths name one existing file (same device and inode).
    public static func same(_ a: PathName, _ b: PathName) -> Bool {
        var first = stat(), second = stat()
        guard a.withCString({ stat($0, &first) }) == 0, b.withCString({ stat($0, &second) }) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }
}
