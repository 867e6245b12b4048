public import CollageCore
public import CollageFiles
#if canImport(Glibc)
internal import Glibc
#endif

/// The bytes a booth saved, copied where only it can reach them, for the print command to read.
///
/// Why: the collage's own name lies in a folder others may write (the watched folder, a shared
/// output), so between the check that the file there is the one saved and the print command
/// opening it, another file could be renamed in and printed. The copy is made from the bytes
/// that were checked, in a folder made for it (`mkdtemp`: mode 0700, owned by the booth) in the
/// key's state folder (the one place a service under `ProtectSystem=strict` may write), else in
/// `$TMPDIR` or `/tmp`; read back and checked again once made; removed, with its folder, once the
/// print command has ended. It keeps the collage's file name, so the print job is titled as before.
/// The folder's name carries the booth's process id (`collage-print.PID.XXXXXX`): one left by a
/// booth killed while it printed is removed by the next that prints (`removeStale`), never one
/// of a booth still running beside it.
public struct PrintCopy: Sendable {
    /// The copy: `{path}` for the print command.
    public let path: PathName
    private let folder: PathName

    /// Copies `bytes`, whose SHA-256 must be `saved`, as `name`; throws when the folder or the
    /// file cannot be made, or the copy read back is not those bytes.
    public init(of bytes: [UInt8], saved: ContentHash, named name: PathName) throws(FileError) {
        let template = Self.parent().appending(PathName("\(Self.prefix)\(getpid()).XXXXXX"))
        var buffer = template.bytes.map { CChar(bitPattern: $0) } + [0]
        guard let made = mkdtemp(&buffer) else { throw systemError(template, "make a private folder for the print") }
        folder = PathName(bytes: UnsafeRawBufferPointer(start: made, count: strlen(made)))
        path = folder.appending(name)
        let descriptor = path.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600) }
        guard descriptor >= 0 else {
            let error = systemError(path, "make the copy to print")
            remove()
            throw error
        }
        let written = WriteAll.write(bytes, to: descriptor)
        close(descriptor)
        guard written == nil, (try? InputFile(path).readAll()).map({ ContentHash(of: $0) }) == saved else {
            remove()
            throw FileError(path: path, action: "make the copy to print", reason: "it does not read back as the bytes saved")
        }
    }

    /// Removes the copy and its folder.
    public func remove() {
        _ = path.withCString { unlink($0) }
        _ = folder.withCString { rmdir($0) }
    }

    /// Removes the copies, and their folders, of booths no longer running: killed while they
    /// printed. What cannot be removed is left as it is.
    public static func removeStale() {
        let parent = parent()
        for name in (try? DirectoryListing.names(in: parent)) ?? [] {
            guard let text = name.text, text.hasPrefix(prefix), let pid = Int32(text.dropFirst(prefix.count).prefix { $0 != "." }),
                  pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            let folder = parent.appending(name)
            for file in (try? DirectoryListing.names(in: folder)) ?? [] { _ = folder.appending(file).withCString { unlink($0) } }
            _ = folder.withCString { rmdir($0) }
        }
    }

    private static let prefix = "collage-print."

    /// The key's folder when it exists (a booth has made it), else `$TMPDIR`, else `/tmp`.
    private static func parent() -> PathName {
        if let key = MarkKey.path {
            let state = PathParts(key).folder
            if !state.isEmpty, FileIdentity.exists(state) { return state }
        }
        if let temporary = getenv("TMPDIR"), temporary.pointee != 0 {
            return PathName(bytes: UnsafeRawBufferPointer(start: temporary, count: strlen(temporary)))
        }
        return "/tmp"
    }
}
