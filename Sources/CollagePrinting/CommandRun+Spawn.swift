#if canImport(Glibc)
internal import Glibc
#endif

/// Starting a print command: its stderr onto a pipe, its stdin from /dev/null, its stdout onto
/// ours, no other descriptor of ours, its own process group, signals at their defaults but
/// SIGUSR1, which it inherits ignored.
extension CommandRun {
    static func spawn(_ arguments: [[UInt8]]) -> Result<Child, SpawnFailure> {
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { return .failure(SpawnFailure(text: systemReason())) }
        guard fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC) == 0, fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC) == 0 else {
            let reason = systemReason()
            close(pipeEnds[0])
            close(pipeEnds[1])
            return .failure(SpawnFailure(text: reason))
        }
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        // A setup that failed would start the command with our own stdin and stdout.
        if let failed = prepare(&actions, &attributes, errors: pipeEnds[1]).first(where: { $0 != 0 }) {
            close(pipeEnds[0])
            close(pipeEnds[1])
            return .failure(SpawnFailure(text: String(cString: strerror(failed))))
        }
        let argv = CommandWords(arguments)
        defer { argv.deallocate() }
        var pid: pid_t = 0
        let spawned = argv.file.map { file in
            spawnIgnoringFinishNow { posix_spawnp(&pid, file, &actions, &attributes, argv.pointers, environ) }
        } ?? ENOENT
        close(pipeEnds[1])
        guard spawned == 0 else {
            close(pipeEnds[0])
            return .failure(SpawnFailure(text: String(cString: strerror(spawned))))
        }
        return .success(Child(pid: pid, errors: pipeEnds[0]))
    }

    /// The child's descriptors and signals; each step's error code, or 0.
    private static func prepare(_ actions: inout posix_spawn_file_actions_t, _ attributes: inout posix_spawnattr_t, errors: Int32) -> [Int32] {
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
        return [
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0),
            posix_spawn_file_actions_adddup2(&actions, 2, 1),
            posix_spawn_file_actions_adddup2(&actions, errors, 2),
            // After the three are in place: every other descriptor closed in the child, those
            // other threads open meanwhile too (most of ours are not close-on-exec).
            closeFrom(3, &actions),
            posix_spawnattr_setsigdefault(&attributes, &all),
            posix_spawnattr_setsigmask(&attributes, &none),
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)),
            posix_spawnattr_setpgroup(&attributes, 0),
        ]
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
            let name = String(cString: (UnsafeRawPointer(entry) + MemoryLayout<dirent>.offset(of: \dirent.d_name)!).assumingMemoryBound(to: CChar.self))
            guard let descriptor = Int32(name), descriptor >= lowest, descriptor != listing else { continue }
            let added = posix_spawn_file_actions_addclose(&actions, descriptor)
            if added != 0 { return added }
        }
        return 0
    }
}

/// A command's words as `posix_spawnp` takes them: each argument's exact bytes (a name that is
/// not UTF-8 included), NUL-terminated, then nil. Freed with `deallocate`.
struct CommandWords {
    let pointers: [UnsafeMutablePointer<CChar>?]

    init(_ arguments: [[UInt8]]) {
        pointers = arguments.map { bytes in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
            copy[bytes.count] = 0
            return copy
        } + [nil]
    }

    /// The program: a PrintCommand has at least one word.
    var file: UnsafeMutablePointer<CChar>? { pointers[0] }

    func deallocate() { pointers.forEach { $0?.deallocate() } }
}

/// A descriptor that becomes readable when a process ends (`pidfd_open`, Linux 5.3), so waiting
/// for it and for its output is one `poll`; -1 where the system has none.
struct ProcessDescriptor {
    let descriptor: Int32

    init(_ pid: pid_t) {
        descriptor = Self.open.map { $0(pid, 0) } ?? -1
    }

    func close() {
        if descriptor >= 0 { _ = Glibc.close(descriptor) }
    }

    /// Looked up at run time, as `addclosefrom_np` is: glibc 2.36 declares it in <sys/pidfd.h>,
    /// which Swift's Glibc module does not import.
    private static let open: (@convention(c) (pid_t, UInt32) -> Int32)? =
        dlsym(nil, "pidfd_open").map { unsafeBitCast($0, to: (@convention(c) (pid_t, UInt32) -> Int32).self) }
}
