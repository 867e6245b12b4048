public import CollageWriting
public import CollageCore
internal import CollageFiles
#if canImport(Glibc)
internal import Glibc
#endif

/// The booth running for an output, found through its lock (`BoothLock`): what `collage finish
/// prints/booth.jpg` asks to complete its open collage now (SIGUSR1), for an operator's button
/// or a foot switch. The process id in the lock file is trusted only when the kernel says that
/// process holds the lock (`/proc/locks`) on this very file, held open by it (`/proc/PID/fd`):
/// a stale file, a reused process id, or a hard link planted to another program's locked pid
/// file is never sent a signal. The lock file must be a regular file with one name (a FIFO
/// planted there is refused at once, never waited on), and the process's descriptor is matched
/// by `stat` on both sides, so the device numbers `/proc/locks` prints (which on btrfs are not
/// the subvolume's `st_dev`) do not matter.
public enum RunningBooth {
    /// Why no booth could be asked.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// No booth holds the lock for these collages.
        case notRunning(PathName)
        /// The lock file cannot be read, or names no process that holds it.
        case unknown(PathName, reason: String)
        /// The signal could not be sent.
        case signalFailed(pid: Int32, reason: String)

        public var description: String {
            switch self {
            case .notRunning(let output): return "no booth is running for \(output)"
            case .unknown(let lock, let reason): return "cannot tell which booth holds \(lock): \(reason)"
            case .signalFailed(let pid, let reason): return "cannot signal the booth (process \(pid)): \(reason)"
            }
        }
    }

    /// Sends SIGUSR1 to the booth saving `output`'s collages; returns its process id.
    public static func finish(_ output: CollageOutput) throws(Failure) -> Int32 {
        let pid = try holder(of: output)
        guard kill(pid, SIGUSR1) == 0 else { throw .signalFailed(pid: pid, reason: systemReason()) }
        return pid
    }

    /// The process that holds the lock for `output`'s collages.
    public static func holder(of output: CollageOutput) throws(Failure) -> Int32 {
        let lock = BoothLock.path(for: output)
        // Never waits: a FIFO planted as the lock would block an open without O_NONBLOCK.
        let descriptor = lock.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) }
        guard descriptor >= 0 else {
            if errno == ENOENT { throw .notRunning(output.path) }
            throw .unknown(lock, reason: systemReason())
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .unknown(lock, reason: systemReason()) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .unknown(lock, reason: "it is not a regular file") }
        guard info.st_nlink == 1 else { throw .unknown(lock, reason: "it has \(info.st_nlink) names: not a lock a booth made") }
        // A lock we can take is one nobody holds.
        if flock(descriptor, LOCK_SH | LOCK_NB) == 0 {
            _ = flock(descriptor, LOCK_UN)
            throw .notRunning(output.path)
        }
        guard errno == EWOULDBLOCK else { throw .unknown(lock, reason: systemReason()) }
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0, let pid = Int32(String(decoding: bytes[..<count], as: UTF8.self).trimmingNewline), pid > 0 else {
            throw .unknown(lock, reason: count < 0 ? systemReason() : "it names no process")
        }
        guard let file = FileIdentity.of(descriptor: descriptor)?.key else { throw .unknown(lock, reason: systemReason()) }
        guard holdsFlock(pid: pid, inode: file.inode), holdsOpen(pid: pid, file: file) else {
            throw .unknown(lock, reason: "process \(pid) does not hold it")
        }
        return pid
    }

    /// Whether `/proc/locks` lists a `flock` by `pid` on a file with this inode
    /// (`1: FLOCK  ADVISORY  WRITE 1234 08:01:123456 0 EOF`). The device it prints is the file
    /// system's, which btrfs gives every subvolume another of in `st_dev`: `holdsOpen` settles
    /// which file it is.
    static func holdsFlock(pid: Int32, inode: UInt64) -> Bool {
        guard let text = readProcFile("/proc/locks") else { return false }
        return text.split(separator: "\n").contains { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let kind = fields.firstIndex(of: "FLOCK"), fields.count > kind + 4 else { return false }
            return fields[kind + 3] == "\(pid)" && fields[kind + 4].split(separator: ":").last == "\(inode)"
        }
    }

    /// Whether process `pid` has this very file (its device and inode) open.
    static func holdsOpen(pid: Int32, file: FileKey) -> Bool {
        descriptors(of: pid).contains { descriptor in FileIdentity.key(of: PathName(descriptor)) == file }
    }

    /// The paths of process `pid`'s open descriptors (`/proc/PID/fd/N`); none when it cannot be read.
    static func descriptors(of pid: Int32) -> [String] {
        let folder = "/proc/\(pid)/fd"
        let names = (try? DirectoryListing.names(in: PathName(folder))) ?? []
        return names.map(\.description).filter { Int32($0) != nil }.map { folder + "/" + $0 }
    }
}

extension RunningBooth {
    /// Another process holding a `flock` on a lock file that was at `lock` and has been deleted
    /// since: a booth still running on this output, which a new lock file under the same name
    /// would not stop. `/proc/PID/fd` names such a file `PATH (deleted)`.
    static func holderOfDeletedLock(_ lock: PathName) -> Int32? {
        let parts = PathParts(lock)
        guard let text = readProcFile("/proc/locks"), let folder = realpath(parts.folder.isEmpty ? "." : "\(parts.folder)", nil) else { return nil }
        let deleted = String(cString: folder) + "/\(parts.name) (deleted)"
        free(folder)
        let holders = Set(text.split(separator: "\n").compactMap { line -> Int32? in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let kind = fields.firstIndex(of: "FLOCK"), fields.count > kind + 3 else { return nil }
            return Int32(fields[kind + 3])
        })
        return holders.first { $0 != getpid() && opens(pid: $0, named: deleted) }
    }

    /// Whether process `pid` has a descriptor whose link reads `name`.
    private static func opens(pid: Int32, named name: String) -> Bool {
        var target = [CChar](repeating: 0, count: 4097)
        return descriptors(of: pid).contains { descriptor in
            let count = readlink(descriptor, &target, target.count - 1)
            return count > 0 && String(decoding: target[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) == name
        }
    }
}

/// A file in /proc, whose size `stat` reports as 0: read until the end.
private func readProcFile(_ path: String) -> String? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count >= 0 else { return nil }
        if count == 0 { return String(decoding: bytes, as: UTF8.self) }
        bytes += chunk[..<count]
    }
}

private extension String {
    var trimmingNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
