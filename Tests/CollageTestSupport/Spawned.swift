internal import Foundation
#if canImport(Glibc)
internal import Glibc
#endif

/// A program the tests start with `posix_spawn`, as a shell would: in a process group of its
/// own, standard input, output and error from files (or a terminal's side), and in its
/// environment a mark of its own (`ProcessTree.markVariable`) that whatever it starts inherits,
/// so that all of it can be found and killed at the deadline, even what has left the process
/// group or been orphaned. Waited for with `waitpid`, never by the end of a pipe or socket,
/// which a process left behind would hold open.
public struct Spawned: Sendable {
    public let pid: Int32
    public let mark: String
    let command: [String]

    /// `arguments[0]` is the program, by path. `environment`: the whole environment, nil for the
    /// test's own. `standardOutput`: a descriptor to use instead of `outputPath` (a terminal).
    public init(_ arguments: [[UInt8]], environment: [String: String]? = nil, inputPath: String, outputPath: String, errorPath: String,
                standardOutput: Int32? = nil) throws {
        mark = UUID().uuidString
        command = arguments.map { String(decoding: $0, as: UTF8.self) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
        if let standardOutput {
            posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let argv = arguments.map { bytes in
            bytes.withUnsafeBufferPointer { buffer -> UnsafeMutablePointer<CChar>? in
                let copy = UnsafeMutablePointer<CChar>.allocate(capacity: buffer.count + 1)
                buffer.withMemoryRebound(to: CChar.self) { copy.initialize(from: $0.baseAddress!, count: buffer.count) }
                copy[buffer.count] = 0
                return copy
            }
        } + [nil]
        defer { argv.forEach { $0?.deallocate() } }
        var variables = environment ?? ProcessInfo.processInfo.environment
        variables[ProcessTree.markVariable] = mark
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, argv[0]!, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        self.pid = pid
    }

    /// Its exit status (as a shell gives it: 128 + a signal's number); past `deadline` it is
    /// killed with everything it started and `ProcessDeadlineExceeded` names it; a cancelled
    /// test kills it the same way.
    public func wait(deadline: Duration) async throws -> Int32 {
        let (pid, mark) = (pid, mark)
        let status = await withTaskCancellationHandler {
            await ChildProcesses.offPool { ChildProcesses.wait(for: pid, deadline: deadline, mark: mark) }
        } onCancel: {
            ProcessTree.kill(pid, mark: mark)
        }
        guard let status else { throw ProcessDeadlineExceeded(command: command, limit: deadline) }
        return status
    }
}
