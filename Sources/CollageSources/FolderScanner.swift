public import CollageCore
#if canImport(Glibc)
internal import Glibc
internal import CollageFiles
#endif

/// Decides which names in a watched folder are photos to offer, each photo once, and when one
/// offered is gone: the rules of the folder source, apart from inotify, so they can be tested on
/// a real folder directly. A name is offered again when it holds another file or changed since
/// (its `FileIdentity`): a retake saved under a name already taken, a photo renamed over
/// another, a file written further after a close; the photo offered before is then gone first.
public struct FolderScanner: Sendable {
    public let folder: PathName
    /// Names to pass over silently besides hidden and temporary ones: the tool's own output.
    let isOwnOutput: @Sendable (PathName) -> Bool
    /// Each name offered or passed over, as it was then.
    private(set) var seen: [PathName: FileIdentity] = [:]
    /// The names offered as photo files: only their removal is a change.
    private(set) var offered: Set<PathName> = []

    public init(folder: PathName, isOwnOutput: @escaping @Sendable (PathName) -> Bool = { _ in false }) {
        self.folder = folder
        self.isOwnOutput = isOwnOutput
    }

    public func path(of name: PathName) -> PathName { folder.appending(name) }

    /// Every name in the folder not offered yet, oldest modification first, then by name: the
    /// order a restart reproduces. Also the rescan after an inotify queue overflow. A folder that
    /// cannot be listed offers nothing, with a line: the photos only a listing would find are
    /// missed, and the user should know.
    public mutating func scan(log: (SourceEvent) -> Void) -> [FolderChange] {
        let names: [PathName]
        do {
            names = try DirectoryListing.names(in: folder)
        } catch {
            log(.notice("\(error); photos in it not taken yet may be missed"))
            return []
        }
        var entries: [(modified: Int64, name: PathName)] = []
        for name in names where !ignores(name) {
            guard let identity = FileIdentity.of(path(of: name)), seen[name] != identity else { continue }
            entries.append((identity.modified, name))
        }
        entries.sort { a, b in a.modified < b.modified || a.modified == b.modified && a.name < b.name }
        // A file still open for writing (a copy under way as the watch starts) is left for the
        // close that ends it: one line when it is complete, never a "truncated" one first.
        return entries.filter { !Self.isBeingWritten(path(of: $0.name)) }.flatMap { consider($0.name, log: log) }
    }

    /// Whether some process has `path` open for writing: Linux grants a read lease only on a
    /// file nobody has open for writing (`fcntl(F_SETLEASE)`, fcntl(2)). A lease this user may
    /// not take (not the owner, a file system without leases) answers no: the file is offered.
    public static func isBeingWritten(_ path: PathName) -> Bool {
        _ = leaseBreaksIgnored
        let descriptor = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW) }
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let setLease: Int32 = 1024  // F_SETLEASE, which Glibc's module leaves out (it needs _GNU_SOURCE)
        if fcntl(descriptor, setLease, Int32(F_RDLCK)) == 0 {
            _ = fcntl(descriptor, setLease, Int32(F_UNLCK))
            return false
        }
        return errno == EAGAIN
    }

    /// A writer that opens the file in the instant the lease is held breaks it, and the kernel
    /// tells the holder with SIGIO, whose default action ends the process: a camera saving a
    /// photo must never stop the booth. Ignored once, before the first lease; the writer's open
    /// waits only until the lease is given back, two system calls later.
    private static let leaseBreaksIgnored: Void = { _ = signal(SIGIO, SIG_IGN) }()

    /// What `name` holding what it holds now changes: nothing (ignored, or as it was when last
    /// considered), a photo file arriving, and before it the photo offered under the name gone
    /// (replaced). Anything else is passed over, with a line when the user would want to know.
    public mutating func consider(_ name: PathName, log: (SourceEvent) -> Void) -> [FolderChange] {
        guard !ignores(name) else { return [] }
        let file = PhotoFile(path: path(of: name))
        func skip(_ problem: Rejection.Problem, _ detail: String) -> [FolderChange] {
            log(.skipped(file, .unusable(problem, detail: detail)))
            return []
        }
        var info = stat()
        // Not marked as seen: a photo saved later under this name is still taken; the deletion's
        // own event says the photo offered before is gone.
        guard file.path.withCString({ lstat($0, &info) }) == 0 else {
            return skip(.unreadable, errno == ENOENT ? "deleted before it could be read" : "cannot read: \(systemReason())")
        }
        guard let identity = FileIdentity.of(file.path) else { return skip(.unreadable, "deleted before it could be read") }
        guard seen[name] != identity else { return [] }
        seen[name] = identity
        let replaced: [FolderChange] = offered.remove(name) == nil ? [] : [.gone(file)]
        if info.st_mode & S_IFMT == S_IFLNK {
            guard file.path.withCString({ stat($0, &info) }) == 0 else {
                return replaced + skip(.unreadable, errno == ELOOP ? "symbolic link loop" : "broken symbolic link")
            }
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            return replaced + skip(.notAFile, "\(FileKind.describe(mode: info.st_mode)), not a regular file")
        }
        offered.insert(name)
        return replaced + [.arrived(file)]
    }

    /// `name` left the folder (deleted or renamed away): the photo it was gone, if it was offered
    /// as one. Forgotten, so a photo saved later under this name is a new arrival.
    public mutating func removed(_ name: PathName) -> FolderChange? {
        seen[name] = nil
        guard offered.remove(name) != nil else { return nil }
        return .gone(PhotoFile(path: path(of: name)))
    }

    private func ignores(_ name: PathName) -> Bool {
        DirectoryListing.isHiddenOrTemporary(name) || isOwnOutput(name)
    }
}
