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

    /// Still running at `deadline`, it is killed with everything it started and
    /// `ProcessDeadlineExceeded` names it.
    public static func run(_ arguments: [[UInt8]], standardInput: [UInt8] = [], deadline: Duration = ProcessTree.defaultDeadline) async throws -> Outcome {
        let folder = try TemporaryDirectory()
        let (input, output, error) = (folder.file("stdin"), folder.file("stdout"), folder.file("stderr"))
        try Data(standardInput).write(to: URL(fileURLWithPath: input))
        // The test's own environment: a sanitizer's options reach the tool as they would from a shell.
        let process = try Spawned([Array(CollageCommand.executable.utf8)] + arguments, inputPath: input, outputPath: output, errorPath: error)
        let status = try await process.wait(deadline: deadline)
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
