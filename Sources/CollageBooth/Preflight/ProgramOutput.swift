#if canImport(Glibc)
internal import Glibc
#endif

/// Runs a short query program (`lpstat`) without a shell and reads what it prints: its exit
/// status and its standard output and error together. Blocking; for the preflight only.
enum ProgramOutput {
    struct Result {
        let status: Int32
        let text: String
    }

    static func run(_ arguments: [String]) -> Result? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        guard fcntl(ends[0], F_SETFD, FD_CLOEXEC) == 0, fcntl(ends[1], F_SETFD, FD_CLOEXEC) == 0 else {
            close(ends[0])
            close(ends[1])
            return nil
        }
        var actions = posix_spawn_file_actions_t()
        guard posix_spawn_file_actions_init(&actions) == 0 else { close(ends[0]); close(ends[1]); return nil }
        defer { posix_spawn_file_actions_destroy(&actions) }
        let setup = [
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0),
            posix_spawn_file_actions_adddup2(&actions, ends[1], 1),
            posix_spawn_file_actions_adddup2(&actions, ends[1], 2),
        ]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = setup.allSatisfy { $0 == 0 } ? posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environ) : -1
        close(ends[1])
        defer { close(ends[0]) }
        guard spawned == 0 else { return Result(status: 127, text: "cannot run \(arguments[0]): \(String(cString: strerror(spawned)))") }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(ends[0], &buffer, buffer.count)
            if count > 0 { bytes += buffer[..<count]; continue }
            if count < 0 && errno == EINTR { continue }
            break
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 { guard errno == EINTR else { return nil } }
        let exited = status & 0x7f == 0
        return Result(status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), text: String(decoding: bytes, as: UTF8.self))
    }
}
