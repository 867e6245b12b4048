#if canImport(Glibc)
internal import Glibc
#endif

/// Runs a program with its arguments, never through a shell: `posix_spawnp` in a new process
/// group (so a timeout kills whatever the command started too), stdin from /dev/null, its stdout
/// onto our stderr (our stdout is for the collage's path), its stderr read for the last line,
/// and no other descriptor of ours: not the server's listening socket, not a guest's connection,
/// not the event loop's (a helper a spooler leaves running would keep the port and could read
/// guests' connections). Three steps: `spawn` (CommandRun+Spawn), `wait` for its end, its stderr
/// or the deadline without a timed poll (the process's own descriptor, `pidfd_open`, says when
/// it ends), and `decode` its status. Blocking: call it off the cooperative pool.
enum CommandRun {
    /// A command started: its process (the leader of its own group) and the read end of its stderr.
    struct Child {
        let pid: pid_t
        let errors: Int32
    }

    /// How waiting ended: the status `waitpid` gave, or nil at the deadline; and what it wrote on stderr.
    struct Ending {
        var status: Int32?
        var errors: [UInt8] = []
    }

    /// What the command's stderr is kept of: the end, where its last line is.
    static let keptErrors = 65536

    static func run(_ arguments: [[UInt8]], timeout: Duration) -> PrintFailure? {
        let program = String(decoding: arguments.first ?? [], as: UTF8.self)
        let child: Child
        switch spawn(arguments) {
        case .success(let started): child = started
        case .failure(let reason): return .couldNotStart(program: program, reason: reason.text)
        }
        defer { close(child.errors) }
        let ending: Ending
        switch wait(for: child, until: ContinuousClock.now + timeout) {
        case .success(let ended): ending = ended
        case .failure(let reason): return .couldNotStart(program: program, reason: reason.text)
        }
        return decode(ending, program: program, timeout: timeout)
    }

    /// Reads the command's stderr until the process ends (then what is left in the pipe, bounded:
    /// a process it left behind could go on writing) or the deadline, when the whole group is
    /// killed. Fails only when the process cannot be waited for: its outcome is then unknown,
    /// never reported as printed.
    static func wait(for child: Child, until deadline: ContinuousClock.Instant) -> Result<Ending, SpawnFailure> {
        var ending = Ending()
        let exit = ProcessDescriptor(child.pid)
        defer { exit.close() }
        var open = true
        while ContinuousClock.now < deadline {
            var watched = [pollfd(fd: open ? child.errors : -1, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: exit.descriptor, events: Int16(POLLIN), revents: 0)]
            let left = deadline - ContinuousClock.now
            let milliseconds = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            // Without a process descriptor (a kernel before 5.3) the process is looked at every 100 ms.
            let ready = poll(&watched, 2, exit.descriptor >= 0 ? milliseconds : min(milliseconds, 100))
            if ready < 0 && errno != EINTR { return .failure(SpawnFailure(text: "lost track of it: \(systemReason())")) }
            if open, watched[0].revents != 0 { open = read(child.errors, into: &ending.errors) }
            var status: Int32 = 0
            let waited = waitpid(child.pid, &status, WNOHANG)
            if waited < 0 && errno != EINTR { return .failure(SpawnFailure(text: "lost track of it: \(systemReason())")) }
            if waited == child.pid {
                for _ in 0..<16 where open && poll(&watched, 1, 0) > 0 { open = read(child.errors, into: &ending.errors) }
                ending.status = status
                return .success(ending)
            }
        }
        kill(-child.pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(child.pid, &status, 0) < 0 && errno == EINTR {}
        return .success(ending)
    }

    /// One read of the pipe into `errors`, the newest `keptErrors` kept; false once it is closed.
    private static func read(_ descriptor: Int32, into errors: inout [UInt8]) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = Glibc.read(descriptor, &buffer, buffer.count)
        if count > 0 {
            errors += buffer[..<count]
            if errors.count > keptErrors { errors.removeFirst(errors.count - keptErrors) }
            return true
        }
        return count < 0 && errno == EINTR
    }

    /// The outcome: printed (nil) for an exit status of 0, else why not, with its last line.
    static func decode(_ ending: Ending, program: String, timeout: Duration) -> PrintFailure? {
        let lastLine = Self.lastLine(ending.errors)
        guard let status = ending.status else {
            return .timedOut(program: program, seconds: Int(timeout.components.seconds), lastLine: lastLine)
        }
        let signal = status & 0x7f
        if signal != 0 { return .killed(program: program, signal: signal, lastLine: lastLine) }
        let code = (status >> 8) & 0xff
        return code == 0 ? nil : .exited(program: program, status: code, lastLine: lastLine)
    }

    /// The last line with something in it, as text (a byte that is not UTF-8 replaced).
    private static func lastLine(_ bytes: [UInt8]) -> String {
        let lines = bytes.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self).trimmingTrailingReturn }
        return lines.last { !$0.isEmpty } ?? ""
    }

    static func systemReason() -> String { String(cString: strerror(errno)) }
}

/// Why a command could not be started or followed, as the line's end says it.
struct SpawnFailure: Error {
    let text: String
}

private extension String {
    var trimmingTrailingReturn: String { hasSuffix("\r") ? String(dropLast()) : self }
}
