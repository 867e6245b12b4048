import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs the real executable with its arguments as bytes, which a Swift String cannot carry when
/// they are not UTF-8 (a Latin-1 `caf\xE9.jpg`), and bytes on standard input (`-0` lists).
/// `posix_spawn`, as a shell would start it; Foundation's Process only takes Strings.
public enum RawCommand {
    public struct Outcome: Sendable {
        public let status: Int32
        public let stdout: [UInt8]
        public let stderr: [UInt8]
        /// Log lines are text whatever the names: the tool escapes what is not.
        public var stderrLines: [String] { String(decoding: stderr, as: UTF8.self).split(separator: "\n").map(String.init) }
    }

    /// Still running at `deadline`, it is killed with its process group and
    /// `ProcessDeadlineExceeded` names it.
    public static func run(_ arguments: [[UInt8]], standardInput: [UInt8] = [], deadline: Duration = ProcessTree.defaultDeadline) async throws -> Outcome {
        let folder = try TemporaryDirectory()
        let (input, output, error) = (folder.file("stdin"), folder.file("stdout"), folder.file("stderr"))
        try Data(standardInput).write(to: URL(fileURLWithPath: input))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, error, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // A process group of its own, as Foundation's Process starts one: killed whole at the deadline.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let argv = ([Array(CollageCommand.executable.utf8)] + arguments).map { bytes in
            bytes.withUnsafeBufferPointer { buffer -> UnsafeMutablePointer<CChar>? in
                let copy = UnsafeMutablePointer<CChar>.allocate(capacity: buffer.count + 1)
                buffer.withMemoryRebound(to: CChar.self) { copy.initialize(from: $0.baseAddress!, count: buffer.count) }
                copy[buffer.count] = 0
                return copy
            }
        } + [nil]
        defer { argv.forEach { $0?.deallocate() } }
        // The test's own environment: a sanitizer's options reach the tool as they would from a shell.
        let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { environment.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, CollageCommand.executable, &actions, &attributes, argv, environment)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        let child = pid
        guard let status = await ChildProcesses.offPool({ ChildProcesses.wait(for: child, deadline: deadline) }) else {
            throw ProcessDeadlineExceeded(command: ([Array(CollageCommand.executable.utf8)] + arguments).map { String(decoding: $0, as: UTF8.self) },
                                          limit: deadline)
        }
        return Outcome(status: status, stdout: [UInt8](try Data(contentsOf: URL(fileURLWithPath: output))),
                       stderr: [UInt8](try Data(contentsOf: URL(fileURLWithPath: error))))
    }
}

/// Files that are not photos, or not named in UTF-8, made with the system calls a test needs.
public enum SpecialFiles {
    public static func fifo(_ path: String) throws {
        guard mkfifo(path, 0o644) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    /// A bound UNIX socket, as a daemon leaves in a folder. The descriptor stays open until closed.
    public static func socket(_ path: String) throws -> Int32 {
        let descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: Array(path.utf8).prefix(raw.count - 1))
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard descriptor >= 0, bound == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return descriptor
    }

    /// A file that claims `size` bytes without using the disk for them.
    public static func sparse(_ path: String, size: Int) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        defer { close(descriptor) }
        guard descriptor >= 0, ftruncate(descriptor, off_t(size)) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    /// Writes `contents` under a name given as bytes (FileManager only takes Strings).
    public static func write(_ contents: [UInt8], to path: [UInt8]) throws {
        let descriptor = (path + [0]).withUnsafeBufferPointer { name in
            name.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        }
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        guard Glibc.write(descriptor, contents, contents.count) == contents.count else { throw POSIXError(.EIO) }
    }

}
