public import CollageCore
#if canImport(Glibc)
internal import Glibc
#endif
public import CollageFiles

/// The machine's key for the collage mark (`CollageMark`) and the booth's journal: 32 random
/// bytes in `$COLLAGE_STATE_DIR/key`, else `$STATE_DIRECTORY/key` (systemd's `StateDirectory=`,
/// the one place a service under `ProtectSystem=strict` may write), else
/// `$XDG_STATE_HOME/collage/key`, else `~/.local/state/collage/key`, made (mode 0600, its folder
/// 0700) the first time a collage is written. It never leaves the machine, so no photo can carry
/// a mark that verifies. Another machine's (or user's) collages are not this one's: they are
/// never replaced in a folder being read, and a booth does not rebuild its record from them.
public enum MarkKey {
    /// The key, read or made once per process, or why there is none: no home for it, a folder
    /// that cannot be written, a file there that is not a 32-byte key.
    public static let loaded: Result<[UInt8], FileError> = Result { () throws(FileError) in try load() }

    /// The key; nil when there is none (collages then carry the unsigned mark, which nothing
    /// trusts, and no booth journal can be kept).
    public static var current: [UInt8]? { try? loaded.get() }

    /// Where the key is kept, from the environment (also named by the journal's recovery).
    public static var path: PathName? {
        let environment = { (name: String) in getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } }
        if let folder = environment("COLLAGE_STATE_DIR") { return PathName(folder + "/key") }
        // systemd may list several folders, separated by colons: the first is this service's.
        if let folders = environment("STATE_DIRECTORY"), let folder = folders.split(separator: ":").first {
            return PathName(String(folder) + "/key")
        }
        if let folder = environment("XDG_STATE_HOME") { return PathName(folder + "/collage/key") }
        if let home = environment("HOME") { return PathName(home + "/.local/state/collage/key") }
        return nil
    }

    /// Reads the key; makes it first when there is none. Two processes making it at once agree:
    /// the key is linked into place, never renamed over another.
    static func load() throws(FileError) -> [UInt8] {
        guard let path = path else {
            throw FileError(path: "~/.local/state/collage/key", action: "find", reason: "neither HOME nor COLLAGE_STATE_DIR is set")
        }
        if FileIdentity.exists(path) { return try read(path) }
        try makeFolders(PathParts(path).folder)
        // The system's generator: getrandom(2), cryptographically secure on Linux.
        var generator = SystemRandomNumberGenerator()
        let key = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let temporary = PathName(bytes: path.bytes + Array(".\(getpid()).tmp".utf8))
        let descriptor = temporary.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
        guard descriptor >= 0 else { throw systemError(temporary, "make") }
        defer { _ = temporary.withCString { unlink($0) } }
        let written = WriteAll.write(key, to: descriptor)
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == nil, synced else { throw systemError(temporary, "write") }
        let linked = temporary.withCString { from in path.withCString { to in link(from, to) } }
        guard linked == 0 || errno == EEXIST else { throw systemError(path, "make") }
        // Another process's key won the race: use that one.
        return try read(path)
    }

    /// A key file as made: a regular file (never followed through a link: a link to
    /// `/dev/urandom` would be a new key at every read) of exactly 32 bytes (a key written by
    /// hand with a newline is 33, and no key).
    private static func read(_ path: PathName) throws(FileError) -> [UInt8] {
        let descriptor = path.withCString { open($0, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK) }
        guard descriptor >= 0 else { throw systemError(path, "read the key") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw systemError(path, "read the key") }
        guard (info.st_mode & S_IFMT) == S_IFREG, info.st_size == 32 else {
            throw FileError(path: path, action: "use the key", reason: "not a 32-byte key file (\((info.st_mode & S_IFMT) == S_IFREG ? "\(info.st_size) bytes" : "not a regular file"))")
        }
        if let unsafe = exposure(info, path: path) { throw FileError(path: path, action: "use the key", reason: unsafe) }
        var key = [UInt8](repeating: 0, count: 33)
        let count = key.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count == 32 else { throw FileError(path: path, action: "use the key", reason: "not a 32-byte key file") }
        return Array(key.prefix(32))
    }

    /// Why a key file others could read or change is refused, as ssh refuses such a private key:
    /// whoever reads the key can sign a journal or a mark this booth would trust. Nil for a key
    /// of this user's, readable and writable by it alone.
    static func exposure(_ info: stat, path: PathName) -> String? {
        if info.st_uid != geteuid() {
            return "it belongs to another user (uid \(info.st_uid)), who could change it: the key must be this user's (uid \(geteuid()))"
        }
        let mode = info.st_mode & 0o777
        guard mode & 0o077 != 0 else { return nil }
        let octal = String(mode, radix: 8)
        return "its mode \(String(repeating: "0", count: 4 - octal.count))\(octal) lets other users at it, and whoever reads it can sign "
            + "a journal or a mark this booth trusts: chmod 600 \(path)"
    }

    /// `folder` and those above it, each made 0700 when missing.
    private static func makeFolders(_ folder: PathName) throws(FileError) {
        if FileIdentity.exists(folder) || folder.isEmpty { return }
        try makeFolders(PathParts(folder).folder)
        guard folder.withCString({ mkdir($0, 0o700) }) == 0 || errno == EEXIST else { throw systemError(folder, "make") }
    }
}
