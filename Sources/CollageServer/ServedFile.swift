internal import CollageCore
#if canImport(Glibc)
internal import Glibc
#endif
// SwiftNIO's shim also includes <sys/stat.h>: with MemberImportVisibility, `struct stat`'s
// fields are found through it.
internal import CNIOLinux

/// One file the server may send, read whole through a descriptor opened without following a
/// symlink: a link planted where a collage was written is refused like a missing file, and the
/// validators (`ETag`, `Last-Modified`) describe the bytes that were read, not a later file.
struct ServedFile: Sendable {
    let bytes: [UInt8]
    let contentType: String
    /// Strong: device, inode, size and modification time in nanoseconds; an atomic rename gives
    /// a new inode, so every save is a new tag.
    let etag: String
    let lastModified: Int

    /// Nil when the path is not a regular file that can be opened and read (missing, a link, a
    /// folder, unreadable): the server answers 404 for all of them.
    init?(path: PathName, maximumBytes: Int = 256 << 20) {
        let descriptor = path.withCString { open($0, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK) }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) <= maximumBytes else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + done, $0.count - done) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            done += count
        }
        self.bytes = bytes
        contentType = MediaType.sniff(bytes)
        let nanoseconds = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
        etag = "\"" + [UInt(info.st_dev), UInt(info.st_ino), UInt(info.st_size), UInt(bitPattern: nanoseconds)]
            .map { String($0, radix: 16) }.joined(separator: "-") + "\""
        lastModified = Int(info.st_mtim.tv_sec)
    }

    /// Whether a conditional GET's validators say the client's copy is current: `If-None-Match`
    /// decides when present (RFC 9110 §13.2.2), else `If-Modified-Since`.
    func isCurrent(ifNoneMatch: String?, ifModifiedSince: String?) -> Bool {
        if let ifNoneMatch {
            let tags = ifNoneMatch.split(separator: ",").map { $0.trimmingSpaces }
            return tags.contains { $0 == "*" || $0 == etag || $0 == "W/" + etag }
        }
        if let ifModifiedSince, let since = HTTPDate.seconds(from: ifModifiedSince) {
            return lastModified <= since
        }
        return false
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
