public import CollageWriting
public import CollageCore
public import CollageFiles
#if canImport(Glibc)
internal import Glibc
#endif

/// One booth per output: an exclusive `flock` on a hidden file beside the journal
/// (`.booth.jpg.lock` for `-o booth.jpg`), held for as long as the booth runs. Two booths given
/// the same `-o` (a copy-pasted service) would otherwise number the same collages and replace
/// each other's. The kernel drops the lock when the process ends, however it ends, so a booth
/// killed by a power cut never leaves a stale lock behind. The file holds the booth's process id,
/// so `collage finish` can find the booth that holds it (`RunningBooth`).
public final class BoothLock: Sendable {
    public let path: PathName
    private let descriptor: Int32

    /// Why the lock could not be taken.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// Another booth holds it.
        case busy(lock: PathName, output: CollageOutput)
        /// The lock file cannot be created or locked at all.
        case unavailable(FileError)

        public var description: String {
            switch self {
            case .busy(let lock, let output):
                return "another booth is saving \(output.pattern) (\(lock) is locked): stop it first"
            case .unavailable(let error):
                return error.description
            }
        }
    }

    /// The lock file beside `output`'s collages.
    public static func path(for output: CollageOutput) -> PathName {
        let parts = PathParts(output.path)
        return parts.sibling(PathName(bytes: Array(".".utf8) + parts.name.bytes + Array(".lock".utf8)))
    }

    /// Takes the lock for `output`'s collages at once, or fails: it never waits.
    public init(for output: CollageOutput) throws(Failure) {
        let path = Self.path(for: output)
        // Readable by the booth's user alone: anyone who can open the lock can hold a shared
        // flock on it, which would keep the booth from starting. A lock file left by an earlier
        // version (0644) is made so too.
        let descriptor = path.withCString { open($0, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600) }
        guard descriptor >= 0 else { throw .unavailable(systemError(path, "lock")) }
        // A FIFO, or a hard link to another file, planted under the name is never written to.
        var info = stat()
        let planted = fstat(descriptor, &info) != 0 || (info.st_mode & S_IFMT) != S_IFREG || info.st_nlink != 1
        guard !planted, fchmod(descriptor, 0o600) == 0 else {
            let error = planted ? FileError(path: path, action: "lock", reason: "not a regular file with one name") : systemError(path, "lock")
            close(descriptor)
            throw .unavailable(error)
        }
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            let failure: Failure = errno == EWOULDBLOCK ? .busy(lock: path, output: output) : .unavailable(systemError(path, "lock"))
            close(descriptor)
            throw failure
        }
        // Who holds it, for `collage finish`: written only once the lock is ours.
        let pid = Array("\(getpid())\n".utf8)
        guard ftruncate(descriptor, 0) == 0, pid.withUnsafeBytes({ pwrite(descriptor, $0.baseAddress, $0.count, 0) }) == pid.count else {
            let error = systemError(path, "write")
            close(descriptor)
            throw .unavailable(error)
        }
        // A booth whose lock file was deleted still holds its lock on the old file: this one is
        // not alone on the output, whatever the new file says.
        if RunningBooth.holderOfDeletedLock(path) != nil {
            close(descriptor)
            throw .busy(lock: path, output: output)
        }
        self.path = path
        self.descriptor = descriptor
    }

    /// Lets another booth start: what the process ending does (a test's restart, in process).
    public func release() {
        _ = flock(descriptor, LOCK_UN)
    }

    deinit { close(descriptor) }
}
