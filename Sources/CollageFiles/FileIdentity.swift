public import CollageCore
internal import CCollageFiles

/// Which file a name or descriptor is at a moment, as `stat` says: device and inode (which
/// file, whatever its spelling: `photos/./a.jpg`, a link), size and modification time (whether
/// it changed since). The one identity the watch's folder source (a name that holds another
/// file is a new arrival), the server (a saved collage is served only while it is still that
/// file) and the output checks compare.
public struct FileIdentity: Hashable, Sendable {
    public let device: UInt64
    public let inode: UInt64
    public let size: Int64
    /// Nanoseconds since the epoch.
    public let modified: Int64
    /// A regular file (not a folder, a link, a pipe, a device).
    public let isRegularFile: Bool

    public init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, isRegularFile: Bool) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.isRegularFile = isRegularFile
    }

    init(_ status: collage_file_status) {
        self.init(device: status.device, inode: status.inode, size: status.size,
                  modified: status.modified_seconds * 1_000_000_000 + status.modified_nanoseconds,
                  isRegularFile: status.kind == UInt32(COLLAGE_FILE_REGULAR))
    }

    /// Which file, alone: equal for every path naming the same file, whatever its contents.
    public var key: FileKey { FileKey(device: device, inode: inode) }

    /// The file `descriptor` is open on; nil when `fstat` fails.
    public static func of(descriptor: Int32) -> FileIdentity? {
        var status = collage_file_status()
        guard collage_file_status_of_descriptor(descriptor, &status) == 0 else { return nil }
        return FileIdentity(status)
    }

    /// What `path` names: following a symbolic link, or the link itself when `followingLinks`
    /// is false or it leads nowhere; nil when nothing is there.
    public static func of(_ path: PathName, followingLinks: Bool = true) -> FileIdentity? {
        var status = collage_file_status()
        if followingLinks, path.withCString({ collage_file_status_of_path($0, 1, &status) }) == 0 { return FileIdentity(status) }
        guard path.withCString({ collage_file_status_of_path($0, 0, &status) }) == 0 else { return nil }
        return FileIdentity(status)
    }

    /// True when something is there under that name, even a broken link.
    public static func exists(_ path: PathName) -> Bool {
        of(path, followingLinks: false) != nil
    }

    /// True when both paths name one existing file (same device and inode).
    public static func same(_ a: PathName, _ b: PathName) -> Bool {
        guard let first = key(of: a), let second = key(of: b) else { return false }
        return first == second
    }

    /// Which file `path` names (device and inode, following a link), when something is there:
    /// a key to compare many paths with many others in one pass, where `same(_:_:)` compares two.
    public static func key(of path: PathName) -> FileKey? {
        var status = collage_file_status()
        guard path.withCString({ collage_file_status_of_path($0, 1, &status) }) == 0 else { return nil }
        return FileIdentity(status).key
    }
}
