#if canImport(Glibc)
internal import Glibc
#endif

/// Reads whole files with plain system calls: inputs are opened read-only and never modified.
enum FileBytes {
    static func read(_ path: String) throws(FileError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw systemError(path, "read") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw systemError(path, "read") }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw FileError(path: path, action: "read", reason: info.st_mode & S_IFMT == S_IFDIR ? "is a directory" : "not a regular file")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw systemError(path, "read") }
            if count == 0 { break }  // shrank while reading: decode what is there
            filled += count
        }
        bytes.removeSubrange(filled...)
        return bytes
    }
}

/// The error for the last failed system call.
func systemError(_ path: String, _ action: String, _ code: Int32 = errno) -> FileError {
    FileError(path: path, action: action, reason: String(cString: strerror(code)))
}
