#if canImport(Glibc)
internal import Glibc
#endif

/// Runs a program with its arguments, never through a shell: `posix_spawnp` in a new process
/// group (so a timeout kills whatever the command started too), stdin from /dev/null, its stdout
/// onto our stderr (our stdout is for the collage's path), its stderr read for the last line,
/// and no other descriptor of ours: not the server's listening socket, not a guest's connection,
/// not the event loop's (a helper a spooler leaves running would keep the port and could read
/// guests' connections). Blocking: call it off the cooperative pool.
enum CommandRun {
    static func run(_ arguments: [[UInt8]], timeout: Duration) -> PrintFailure? {
        let program = String(decoding: arguments.first ?? [], as: UTF8.self)
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { return .couldNotStart(program: program, reason: String(cString: strerror(errno))) }
        guard fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC) == 0, fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC) == 0 else {
            let reason = String(cString: strerror(errno))
            close(pipeEnds[0])
            close(pipeEnds[1])
            return .couldNotStart(program: program, reason: reason)
        }
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        var setup = [
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0),
            posix_spawn_file_actions_adddup2(&actions, 2, 1),
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2),
            // After the three are in place: every other descriptor closed in the child, those
            // other threads open meanwhile too (most of ours are not close-on-exec).
            Self.closeFrom(3, &actions),
        ]
        // Signals back to their defaults and none blocked: collage traps SIGINT and SIGTERM, and
        // a printer command must still be killable the ordinary way. All but SIGUSR1, which the
        // command inherits ignored (`spawnIgnoringFinishNow`), with all it starts (a shell keeps
        // a signal ignored on entry): finish now is the booth's, and `systemctl kill -s USR1`
        // signals every process of the service, a print under way included, which would die
        // and be printed again.
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigdelset(&all, SIGUSR1)
        sigemptyset(&none)
        setup += [
            posix_spawnattr_setsigdefault(&attributes, &all),
            posix_spawnattr_setsigmask(&attributes, &none),
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)),
            posix_spawnattr_setpgroup(&attributes, 0),
        ]
        // A setup that failed would start the command with our own stdin and stdout.
        if let failed = setup.first(where: { $0 != 0 }) {
            close(pipeEnds[0])
            close(pipeEnds[1])
            return .couldNotStart(program: program, reason: String(cString: strerror(failed)))
        }
        // Each argument's exact bytes (a name that is not UTF-8 included), NUL-terminated.
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { bytes in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
            copy[bytes.count] = 0
            return copy
        } + [nil]
        defer { argv.forEach { $0?.deallocate() } }
        var pid: pid_t = 0
        let file = argv[0]  // a PrintCommand has at least one word
        let spawned = file.map { file in
            Self.spawnIgnoringFinishNow { posix_spawnp(&pid, file, &actions, &attributes, &argv, environ) }
        } ?? ENOENT
        close(pipeEnds[1])
        defer { close(pipeEnds[0]) }
        guard spawned == 0 else { return .couldNotStart(program: program, reason: String(cString: strerror(spawned))) }

        let deadline = ContinuousClock.now + timeout
        var errors: [UInt8] = []
        var open = true
        var status: Int32 = 0
        var ended = false
        while ContinuousClock.now < deadline {
            if open {
                var poller = pollfd(fd: pipeEnds[0], events: Int16(POLLIN), revents: 0)
                let left = deadline - ContinuousClock.now
                let milliseconds = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
                if poll(&poller, 1, min(milliseconds, 100)) > 0 {
                    var buffer = [UInt8](repeating: 0, count: 4096)
                    let count = read(pipeEnds[0], &buffer, buffer.count)
                    if count > 0 {
                        errors += buffer[..<count]
                        if errors.count > 65536 { errors.removeFirst(errors.count - 65536) }
                    } else if count == 0 || errno != EINTR {
                        open = false
                    }
                }
            } else {
                usleep(10_000)
            }
            let waited = waitpid(pid, &status, WNOHANG)
            if waited < 0 && errno != EINTR {
                // How it ended is unknown: never reported as printed.
                return .couldNotStart(program: program, reason: "lost track of it: \(String(cString: strerror(errno)))")
            }
            if waited == pid {
                ended = true
                break
            }
        }
        // What it wrote just before it ended may still be in the pipe (bounded: a process it
        // left behind could go on writing).
        if ended && open {
            var buffer = [UInt8](repeating: 0, count: 4096)
            var poller = pollfd(fd: pipeEnds[0], events: Int16(POLLIN), revents: 0)
            for _ in 0..<16 where poll(&poller, 1, 0) > 0 {
                let count = read(pipeEnds[0], &buffer, buffer.count)
                guard count > 0 else { break }
                errors += buffer[..<count]
            }
            if errors.count > 65536 { errors.removeFirst(errors.count - 65536) }
        }
        let lastLine = Self.lastLine(errors)
        guard ended else {
            kill(-pid, SIGKILL)
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            return .timedOut(program: program, seconds: Int(timeout.components.seconds), lastLine: lastLine)
        }
        let signal = status & 0x7f
        if signal != 0 { return .killed(program: program, signal: signal, lastLine: lastLine) }
        let code = (status >> 8) & 0xff
        return code == 0 ? nil : .exited(program: program, status: code, lastLine: lastLine)
    }

    /// Runs `spawn` with SIGUSR1 ignored in this process, its handler (the booth's finish now)
    /// put back after: a handled signal is reset to its default (death) in a new program, an
    /// ignored one stays ignored. A USR1 in those microseconds is lost, never fatal. Prints are
    /// spawned one at a time, from the printer's queue.
    private static func spawnIgnoringFinishNow(_ spawn: () -> Int32) -> Int32 {
        var ignoring = sigaction(), saved = sigaction()
        ignoring.__sigaction_handler.sa_handler = SIG_IGN
        sigemptyset(&ignoring.sa_mask)
        guard sigaction(SIGUSR1, &ignoring, &saved) == 0 else { return errno }
        let spawned = spawn()
        // Cannot fail with the action it gave; if it did, finish now would stay ignored (the
        // booth's button dead), never the print lost: the spawn's outcome is what counts here.
        _ = sigaction(SIGUSR1, &saved, nil)
        return spawned
    }

    /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34), looked up at run time: Swift's
    /// Glibc module is imported without `_GNU_SOURCE`, which hides its declaration. (nil is
    /// RTLD_DEFAULT, hidden the same way.)
    private static let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? =
        dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map {
            unsafeBitCast($0, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
        }

    /// Closes every descriptor from `lowest` up in the child; an error code, or 0.
    private static func closeFrom(_ lowest: Int32, _ actions: inout posix_spawn_file_actions_t) -> Int32 {
        if let addCloseFrom { return addCloseFrom(&actions, lowest) }
        // An older C library: those open now (a descriptor opened after this list still leaks).
        guard let folder = opendir("/proc/self/fd") else { return errno }
        defer { closedir(folder) }
        let listing = dirfd(folder)
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let descriptor = Int32(name), descriptor >= lowest, descriptor != listing else { continue }
            let added = posix_spawn_file_actions_addclose(&actions, descriptor)
            if added != 0 { return added }
        }
        return 0
    }

    /// The last line with something in it, as text (a byte that is not UTF-8 replaced).
    private static func lastLine(_ bytes: [UInt8]) -> String {
        let lines = bytes.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self).trimmingTrailingReturn }
        return lines.last { !$0.isEmpty } ?? ""
    }
}

private extension String {
    var trimmingTrailingReturn: String { hasSuffix("\r") ? String(dropLast()) : self }
}
