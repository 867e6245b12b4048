internal import CollageCore
#if canImport(Glibc)
internal import Glibc
internal import CollageFiles
#endif

/// The machine's key for the collage mark (`CollageMark`): 32 random bytes in
/// `$COLLAGE_STATE_DIR/key`, else `$XDG_STATE_HOME/collage/key`, else
/// `~/.local/state/collage/key`, made (mode 0600, its folder 0700) the first time a collage is
/// written. It never leaves the machine, so no photo can carry a mark that verifies. Another
/// machine's (or user's) collages are not this one's: they are never replaced in a folder being
/// read, and a booth does not rebuild its record from them.
public enum MarkKey {
    /// The key, read or made once per process; nil when there is no home for it or it cannot
    /// be made (collages then carry the unsigned mark, which nothing trusts).
    public static let current: [UInt8]? = try? load()

    /// Where the key is kept, from the environment.
    static var path: PathName? {
        let environment = { (name: String) in getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } }
        if let folder = environment("COLLAGE_STATE_DIR") { return PathName(folder + "/key") }
        if let folder = environment("XDG_STATE_HOME") { return PathName(folder + "/collage/key") }
        if let home = environment("HOME") { return PathName(home + "/.local/state/collage/key") }
        return nil
    }

    /// Reads the key; makes it first when there is none. Two processes making it at once agree:
    /// the key is linked into place, never renamed over another.
    static func load() throws -> [UInt8] {
        guard let path = path else { throw FileError(path: "~/.local/state/collage/key", action: "find", reason: "no HOME") }
        if let key = try? InputFile(path, maximumBytes: 64).readAll(), key.count == 32 { return key }
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
        guard let kept = try? InputFile(path, maximumBytes: 64).readAll(), kept.count == 32 else {
            throw FileError(path: path, action: "read", reason: "not a 32-byte key")
        }
        return kept
    }

    /// `folder` and those above it, each made 0700 when missing.
    private static func makeFolders(_ folder: PathName) throws {
        if FileIdentity.exists(folder) || folder.isEmpty { return }
        try makeFolders(PathParts(folder).folder)
        guard folder.withCString({ mkdir($0, 0o700) }) == 0 || errno == EEXIST else { throw systemError(folder, "make") }
    }
}
