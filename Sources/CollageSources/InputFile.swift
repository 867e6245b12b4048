public import CollageCore
#if canImport(Glibc)
internal import Glibc
#endif

/// An input opened safely, before a byte of it is read: opened without blocking (a FIFO with
/// no writer would block `open` for ever), checked to be a regular file on the descriptor
/// itself (no race with a rename), and checked against a size limit from `fstat`. Inputs are
/// only ever opened for reading.
public final class InputFile: Sendable {
    /// The default limit: far above any photo (a 100 MP JPEG is ~60 MiB), far below memory.
    public static let defaultMaximumBytes = 256 << 20

    public let path: PathName
    /// The size `fstat` reported when the file was opened.
    public let size: Int
    /// The open descriptor, for a decoder that streams the file (by `pread`, leaving the offset
    /// alone): valid for as long as this object lives.
    public let descriptor: Int32
    private let maximumBytes: Int

    public init(_ path: PathName, maximumBytes: Int = defaultMaximumBytes) throws(InputError) {
        let descriptor = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
        guard descriptor >= 0 else {
            let code = errno
            // A socket cannot be opened at all; say what it is rather than "No such device".
            if code == ENXIO || code == EOPNOTSUPP, let kind = FileKind.ofPath(path) { throw .notAFile(path, kind: kind) }
            throw .unreadable(path, reason: systemReason(code))
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = systemReason()
            close(descriptor)
            throw .unreadable(path, reason: reason)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .notAFile(path, kind: FileKind.describe(mode: info.st_mode))
        }
        guard Int(info.st_size) <= maximumBytes else {
            close(descriptor)
            throw .tooLarge(path, bytes: Int(info.st_size), limit: maximumBytes)
        }
        self.path = path
        self.size = Int(info.st_size)
        self.descriptor = descriptor
        self.maximumBytes = maximumBytes
    }

    deinit { close(descriptor) }

    /// Up to `count` bytes from the start: fewer when the file is shorter. Enough to recognise a
    /// format by its signature without reading the rest.
    public func readPrefix(_ count: Int) throws(InputError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let filled = try read(into: &bytes, from: 0)
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// Every byte, never more than the limit: a file that grows past it while being read is
    /// refused, one that shrinks gives what is there (the decoder then says it is truncated).
    /// The array is sized from `fstat`; once it is full, a small separate read asks whether the
    /// file grew, so the common case never reallocates or copies the whole buffer.
    public func readAll() throws(InputError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = try read(into: &bytes, from: 0)
        guard filled == size else {
            bytes.removeSubrange(filled...)
            return bytes
        }
        var probe = [UInt8](repeating: 0, count: 4096)
        while true {
            let more = try read(into: &probe, from: filled)
            if more == 0 { return bytes }
            guard filled + more <= maximumBytes else { throw .tooLarge(path, bytes: filled + more, limit: maximumBytes) }
            bytes.append(contentsOf: probe[..<more])
            filled += more
        }
    }

    /// Fills `buffer` from `offset` until it is full or the file ends (EINTR retried): how many
    /// bytes were read.
    private func read(into buffer: inout [UInt8], from offset: Int) throws(InputError) -> Int {
        var filled = 0
        while filled < buffer.count {
            let count = buffer.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + filled, buffer.count - filled, off_t(offset + filled))
            }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw .unreadable(path, reason: systemReason()) }
            if count == 0 { break }
            filled += count
        }
        return filled
    }
}

/// What a file is, in words, for reports.
public enum FileKind {
    static func describe(mode: mode_t) -> String {
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
