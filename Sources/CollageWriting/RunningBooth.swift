public import CollageCore
internal import CollageFiles
#if canImport(Glibc)
internal import Glibc
#endif

/// The booth running for an output, found through its lock (`BoothLock`): what `collage finish
/// prints/booth.jpg` asks to complete its open collage now (SIGUSR1), for an operator's button
/// or a foot switch. The process id in the lock file is trusted only when the kernel says that
/// process holds the lock (`/proc/locks`): a stale file, or a reused process id, is never sent
/// a signal.
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
        let descriptor = lock.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NOFOLLOW) }
        guard descriptor >= 0 else {
            if errno == ENOENT { throw .notRunning(output.path) }
            throw .unknown(lock, reason: systemReason())
        }
        defer { close(descriptor) }
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
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .unknown(lock, reason: systemReason()) }
        guard holdsFlock(pid: pid, device: UInt64(info.st_dev), inode: UInt64(info.st_ino)) else {
            throw .unknown(lock, reason: "process \(pid) does not hold it")
        }
        return pid
    }

    /// Whether `/proc/locks` lists a `flock` by `pid` on the file with this device and inode
    /// (`1: FLOCK  ADVISORY  WRITE 1234 08:01:123456 0 EOF`, device as hex major:minor).
    static func holdsFlock(pid: Int32, device: UInt64, inode: UInt64) -> Bool {
        guard let text = readProcFile("/proc/locks") else { return false }
        let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~UInt64(0xfff))
        let minor = (device & 0xff) | ((device >> 12) & ~UInt64(0xff))
        let file = String(major, radix: 16).leftPadded(2) + ":" + String(minor, radix: 16).leftPadded(2) + ":\(inode)"
        return text.split(separator: "\n").contains { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let kind = fields.firstIndex(of: "FLOCK"), fields.count > kind + 4 else { return false }
            return fields[kind + 3] == "\(pid)" && fields[kind + 4] == file
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
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
