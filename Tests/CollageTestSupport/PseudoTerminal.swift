#if canImport(Glibc)
internal import Glibc
#endif

/// A real pseudo-terminal in which the test plays the terminal. The program under test gets
/// the child side, a real tty (isatty, TIOCGWINSZ and termios all work); the test reads what the
/// program writes from the parent side, and types keys or answers queries into it.
public final class PseudoTerminal: @unchecked Sendable {
    /// Why a pseudo-terminal could not be set up: the call that failed and its errno.
    public struct Failure: Error, CustomStringConvertible {
        public let call: String
        public let code: Int32
        public var description: String { "\(call): \(String(cString: strerror(code)))" }
    }

    /// The terminal's side (the master).
    public let parent: Int32
    /// The program's side (the slave), open in this process.
    public let child: Int32
    public let childPath: String

    public init(columns: Int = 80, rows: Int = 24, pixelWidth: Int = 0, pixelHeight: Int = 0) throws {
        var (parent, child): (Int32, Int32) = (-1, -1)
        guard openpty(&parent, &child, nil, nil, nil) == 0 else { throw Failure(call: "openpty", code: errno) }
        guard let name = ttyname(child) else {
            let code = errno
            close(parent)
            close(child)
            throw Failure(call: "ttyname", code: code)
        }
        (self.parent, self.child, childPath) = (parent, child, String(cString: name))
        resize(columns: columns, rows: rows, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
    }

    deinit {
        close(child)
        close(parent)
    }

    /// Sets the window size, as a terminal does when its window changes (the kernel then sends
    /// SIGWINCH to the terminal's foreground process group, if it has one).
    public func resize(columns: Int, rows: Int, pixelWidth: Int = 0, pixelHeight: Int = 0) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: UInt16(pixelWidth), ws_ypixel: UInt16(pixelHeight))
        _ = ioctl(parent, UInt(TIOCSWINSZ), &size)
    }

    /// Sends bytes to the program, as typed keys or a terminal's answers.
    public func send(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(parent, $0.baseAddress!, $0.count) }
            if written < 0 { if errno == EINTR { continue } else { return } }
            offset += written
        }
    }

    /// Reads what the program wrote until `done` holds for everything read so far, or until
    /// nothing arrives for `quietMilliseconds` (a hang guard, not a measurement).
    public func read(quietMilliseconds: Int32 = 20_000, until done: ([UInt8]) -> Bool = { _ in false }) -> [UInt8] {
        var all = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !done(all) {
            var ready = pollfd(fd: parent, events: Int16(POLLIN), revents: 0)
            let waited = poll(&ready, 1, quietMilliseconds)
            if waited < 0 && errno == EINTR { continue }
            guard waited > 0 else { break }
            let count = Glibc.read(parent, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }  // EIO: every program side closed
            all += buffer[0..<count]
        }
        return all
    }

    /// The child side's line settings that raw mode changes: local flags, VMIN, VTIME.
    public var childSettings: LineSettings {
        var settings = termios()
        _ = tcgetattr(child, &settings)
        let controls = withUnsafeBytes(of: settings.c_cc) { ($0[Int(VMIN)], $0[Int(VTIME)]) }
        return LineSettings(
            localFlags: UInt32(settings.c_lflag), minimum: controls.0, time: controls.1,
            canonical: settings.c_lflag & tcflag_t(ICANON) != 0, echo: settings.c_lflag & tcflag_t(ECHO) != 0)
    }

    public struct LineSettings: Equatable, Sendable {
        public let localFlags: UInt32
        public let minimum: UInt8
        public let time: UInt8
        public let canonical: Bool
        public let echo: Bool
    }

    /// Starts `executable` in a session of its own with this terminal as its controlling
    /// terminal and as its stdin, stdout and stderr: a program run from a shell in a terminal
    /// window. Ctrl-C typed with `send("\u{03}")` and `resize` reach it as SIGINT and SIGWINCH.
    /// One program at a time: the terminal stays the first one's controlling terminal until it
    /// ends. `ChildProcesses.wait(for:)` waits for it.
    public func spawn(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        // setsid() first, then the first terminal opened becomes the controlling one. Signals
        // back to their defaults and none blocked, as a shell starts a job: a test runner may
        // ignore or block SIGINT, and the child would inherit that.
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        let setsid: Int32 = 0x80  // POSIX_SPAWN_SETSID, a GNU macro Swift does not see
        posix_spawnattr_setflags(&attributes, Int16(setsid | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        posix_spawn_file_actions_addopen(&actions, 0, childPath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard status == 0 else { throw Failure(call: "posix_spawn \(executable)", code: status) }
        return pid
    }
}
