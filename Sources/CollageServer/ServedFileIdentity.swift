#if canImport(Glibc)
internal import Glibc
#endif
// SwiftNIO's shim also includes <sys/stat.h>: with MemberImportVisibility, `struct stat`'s
// fields are found through it.
internal import CNIOLinux

/// Which file a descriptor is, as `fstat` says: device, inode, size and modification time in
/// nanoseconds. A file the booth saved is served only while the file opened under its name is
/// still this one: a hard link or a copy planted under the name is another inode, a file
/// rewritten in place another size or time, and an atomic rename (the next save) a new inode.
struct ServedFileIdentity: Sendable, Hashable {
    let device: UInt
    let inode: UInt
    let size: Int
    let modified: Int

    init(_ info: stat) {
        device = UInt(info.st_dev)
        inode = UInt(info.st_ino)
        size = Int(info.st_size)
        modified = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
    }

    /// A strong `ETag`: every save, and every change to the file, is a new tag.
    var etag: String {
        "\"" + [device, inode, UInt(size), UInt(bitPattern: modified)].map { String($0, radix: 16) }.joined(separator: "-") + "\""
    }

    /// Whole seconds, for `Last-Modified`.
    var modifiedSeconds: Int { modified / 1_000_000_000 }
}
