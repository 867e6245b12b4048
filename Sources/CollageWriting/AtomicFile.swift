internal import CollageCore
#if canImport(Glibc)
internal import Glibc
internal import CollageFiles
#endif

/// Replaces a file all at once: the bytes go to a temporary file beside it, are flushed to disk,
/// then renamed over the target. Readers see the old file or the new one, never a part; a
/// failure (or `beforeCommit` throwing, e.g. on cancellation) leaves the old file untouched and
/// removes the temporary file.
enum AtomicFile {
    static func write(_ bytes: [UInt8], to path: PathName, beforeCommit: () throws -> Void = {}) throws {
        let parts = PathParts(path)
        let (descriptor, temporary) = try createTemporary(beside: parts, path: path)
        var committed = false
        defer {
            if !committed { _ = temporary.withCString { unlink($0) } }
        }
        do {
            defer { close(descriptor) }
            if let code = WriteAll.write(bytes, to: descriptor) { throw systemError(path, "write", code) }
            guard fsync(descriptor) == 0 else { throw systemError(path, "write") }
        }
        try beforeCommit()
        let renamed = temporary.withCString { from in path.withCString { to in rename(from, to) } }
        guard renamed == 0 else { throw systemError(path, "write") }
        committed = true
        let folder = parts.folder.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        if folder >= 0 {  // makes the rename itself durable; best effort
            fsync(folder)
            close(folder)
        }
    }

    /// A new hidden file beside the target, mode 0666 less the umask, like any created file.
    private static func createTemporary(beside parts: PathParts, path: PathName) throws(FileError) -> (Int32, PathName) {
        for _ in 0..<100 {
            let temporary = parts.sibling(PathName(bytes: Array(".".utf8) + parts.name.bytes + Array(".\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp".utf8)))
            let descriptor = temporary.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666) }
            if descriptor >= 0 { return (descriptor, temporary) }
            if errno != EEXIST { break }
        }
        throw systemError(path, "write")
    }

}
