#if canImport(Glibc)
internal import Glibc
#endif

/// Runs a short query program (`lpstat`) without a shell, in the C locale and its own process
/// group, and reads what it prints: its exit status and its standard output and error together.
/// Blocking, for at most `bound`: past it the program (and all it started) is killed, so a
/// printing system that does not answer never holds the booth's start.
enum ProgramOutput {
    struct Result: Sendable, Equatable {
        let status: Int32
        let text: String
    }

    enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        case cannotRun(String, reason: String)
        case noAnswer(String, bound: Duration)

        var description: String {
            switch self {
            case .cannotRun(let program, let reason): "cannot run \(program): \(reason)"
            case .noAnswer(let program, let bound): "\(program) did not answer within \(Self.seconds(bound)) s"
            }
        }

        /// `3`, or `0.5`.
        private static func seconds(_ duration: Duration) -> String {
            let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
            return milliseconds % 1000 == 0 ? "\(milliseconds / 1000)" : "\(Double(milliseconds) / 1000)"
        }
    }

    /// Most a query prints; more is not read (and the program is not waited for past the bound).
    static let maximumBytes = 1 << 20

    static func run(_ arguments: [String], within bound: Duration) -> Swift.Result<Result, Failure> {
        let program = arguments[0]
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return .failure(.cannotRun(program, reason: systemReason())) }
        guard fcntl(ends[0], F_SETFD, FD_CLOEXEC) == 0, fcntl(ends[1], F_SETFD, FD_CLOEXEC) == 0 else {
            let reason = systemReason()
            close(ends[0])
            close(ends[1])
            return .failure(.cannotRun(program, reason: reason))
        }
        let pid: pid_t
        switch spawn(arguments, output: ends[1]) {
        case .failure(let failure):
            close(ends[0])
            close(ends[1])
            return .failure(failure)
        case .success(let spawned):
            pid = spawned
        }
        close(ends[1])
        defer { close(ends[0]) }
        let (bytes, answered) = read(ends[0], until: deadline(after: bound))
        // Its whole group: a program that started others leaves none behind.
        if !answered { kill(-pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return .failure(.cannotRun(program, reason: systemReason())) }
        }
        guard answered else { return .failure(.noAnswer(program, bound: bound)) }
        let exited = status & 0x7f == 0
        return .success(Result(status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), text: String(decoding: bytes, as: UTF8.self)))
    }

    /// `arguments` started with stdin from /dev/null, stdout and stderr on `output`, in a process
    /// group of its own, with `LC_ALL=C`.
    private static func spawn(_ arguments: [String], output: Int32) -> Swift.Result<pid_t, Failure> {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        guard posix_spawn_file_actions_init(&actions) == 0 else { return .failure(.cannotRun(arguments[0], reason: systemReason())) }
        defer { posix_spawn_file_actions_destroy(&actions) }
        guard posix_spawnattr_init(&attributes) == 0 else { return .failure(.cannotRun(arguments[0], reason: systemReason())) }
        defer { posix_spawnattr_destroy(&attributes) }
        let setup = [
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0),
            posix_spawn_file_actions_adddup2(&actions, output, 1),
            posix_spawn_file_actions_adddup2(&actions, output, 2),
            posix_spawnattr_setpgroup(&attributes, 0),
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP)),
        ]
        guard setup.allSatisfy({ $0 == 0 }) else { return .failure(.cannotRun(arguments[0], reason: "posix_spawn setup failed")) }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var environment: [UnsafeMutablePointer<CChar>?] = cLocaleEnvironment().map { strdup($0) } + [nil]
        defer { environment.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, &environment)
        guard spawned == 0 else { return .failure(.cannotRun(arguments[0], reason: String(cString: strerror(spawned)))) }
        return .success(pid)
    }

    /// This process's environment with the locale set to C: answers in the words this reads.
    private static func cLocaleEnvironment() -> [String] {
        var entries: [String] = []
        var cursor = environ
        while let entry = cursor.pointee {
            let text = String(cString: entry)
            if !text.hasPrefix("LC_ALL="), !text.hasPrefix("LANGUAGE=") { entries.append(text) }
            cursor += 1
        }
        return entries + ["LC_ALL=C"]
    }

    /// What `descriptor` gives until its end, or until `deadline` (then not `answered`).
    private static func read(_ descriptor: Int32, until deadline: ContinuousClock.Instant) -> (bytes: [UInt8], answered: Bool) {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < maximumBytes {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, millisecondsLeft(until: deadline))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return (bytes, false) }
            let count = Glibc.read(descriptor, &buffer, buffer.count)
            if count > 0 { bytes += buffer[..<count]; continue }
            if count < 0 && errno == EINTR { continue }
            return (bytes, true)
        }
        return (bytes, false)
    }

    private static func deadline(after bound: Duration) -> ContinuousClock.Instant { .now + bound }

    private static func millisecondsLeft(until deadline: ContinuousClock.Instant) -> Int32 {
        let left = (deadline - .now).components
        return Int32(clamping: max(0, left.seconds * 1000 + left.attoseconds / 1_000_000_000_000_000))
    }

    private static func systemReason() -> String { String(cString: strerror(errno)) }
}
