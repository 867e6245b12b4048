public import CollageCore
#if canImport(Glibc)
internal import Glibc
internal import CollageFiles
#endif

/// Replaces a file all at once: the bytes go to a temporary file beside it, are flushed to disk,
/// then renamed over the target. Readers see the old file or the new one, never a part; a
/// failure (or `beforeCommit` throwing, e.g. on cancellation) leaves the old file untouched and
/// removes the temporary file. Only a regular file (or a link to one) is replaced, never a
/// device, a FIFO or a socket; the new file keeps the old one's mode, and its owner and group
/// where the process may set them. Public for the booth's journal, written the same way.
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to path: PathName, beforeCommit: () throws -> Void = {}) throws {
        if let kind = FileKind.ofPath(path) { throw FileError(path: path, action: "write", reason: ExistingOutput.refusal(kind: kind)) }
        var old = stat()
        let replacing = path.withCString { stat($0, &old) } == 0
        let parts = PathParts(path)
        let (descriptor, temporary) = try createTemporary(beside: parts, path: path)
        var committed = false
        defer {
            if !committed { _ = temporary.withCString { unlink($0) } }
        }
        do {
            defer { close(descriptor) }
            if replacing { keepOwnerAndMode(of: old, on: descriptor) }
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

    /// The replaced file's owner and group (where the process may: as root, or a group of its
    /// own), then its mode: a collage set to 0600 stays private. Best effort, as `cp -p` is: a
    /// file system without owners (vfat) still gets the collage. Set-ID bits are kept only with
    /// the owner and group they belong to.
    private static func keepOwnerAndMode(of old: stat, on descriptor: Int32) {
        var mode = old.st_mode & 0o7777
        if fchown(descriptor, old.st_uid, old.st_gid) != 0 { mode &= ~(S_ISUID | S_ISGID) }
        _ = fchmod(descriptor, mode)  // left unchecked on purpose: vfat refuses modes, and the collage matters more
    }

    /// A new hidden file beside the target, mode 0666 less the umask, like any created file.
    private static func createTemporary(beside parts: PathParts, path: PathName) throws(FileError) -> (Int32, PathName) {
        for _ in 0..<100 {
            let temporary = parts.sibling(temporaryName(for: parts.name, random: UInt32.random(in: 0...UInt32.max)))
            let descriptor = temporary.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666) }
            if descriptor >= 0 { return (descriptor, temporary) }
            if errno != EEXIST { break }
        }
        throw systemError(path, "write")
    }

    /// `.collage.jpg.PID.RANDOM.tmp`: hidden and temporary (a watched folder ignores it), and
    /// named after the target and the process writing it.
    static func temporaryName(for name: PathName, random: UInt32) -> PathName {
        PathName(bytes: Array(".".utf8) + name.bytes + Array(".\(getpid()).\(random).tmp".utf8))
    }

    /// The target and the writer's PID of a name `temporaryName` made; nil for any other name.
    public static func writer(ofTemporary name: PathName) -> (target: PathName, pid: Int32)? {
        var bytes = name.bytes
        let suffix = Array(".tmp".utf8)
        guard bytes.first == UInt8(ascii: "."), bytes.count > 1 + suffix.count, bytes.suffix(suffix.count).elementsEqual(suffix) else { return nil }
        bytes = Array(bytes[1..<(bytes.count - suffix.count)])
        let fields = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard fields.count >= 3 else { return nil }
        let (pid, random) = (fields[fields.count - 2], fields[fields.count - 1])
        let digits = { (field: ArraySlice<UInt8>) in !field.isEmpty && field.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }
        guard digits(pid), digits(random), let number = pid_t(String(decoding: pid, as: UTF8.self)), number > 0 else { return nil }
        return (PathName(bytes: Array(bytes[..<(bytes.count - pid.count - random.count - 2)])), number)
    }
}
