internal import CollageLocking
#if canImport(Glibc)
internal import Glibc
#endif

/// A terminal with echo and line editing off, so its answers to queries can be read as they
/// come and are not shown. The saved settings are restored by `restore()`, by `deinit`, and by
/// `TerminalGuard.restoreAll()` (a signal or an exit in between), and by `RawModeSignals` when a
/// signal would end the process first. Restored with TCSAFLUSH: answers that come after the
/// probe stopped waiting are discarded, not echoed or read by the shell as typed input.
final class RawMode: Sendable {
    let fileDescriptor: Int32
    private let saved: termios

    /// Nil when `fileDescriptor` is not a terminal or its settings cannot be changed.
    init?(_ fileDescriptor: Int32) {
        var settings = termios()
        guard tcgetattr(fileDescriptor, &settings) == 0 else { return nil }
        self.fileDescriptor = fileDescriptor
        saved = settings
        // Keys still raise signals: Ctrl-C during a probe interrupts as it always does.
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &settings.c_cc) { controls in
            controls[Int(VMIN)] = 0  // reads return at once with what has arrived
            controls[Int(VTIME)] = 0
        }
        RawMode.active.withLock { $0[fileDescriptor] = saved }
        RawModeSignals.enter(fileDescriptor: fileDescriptor, settings: saved)
        guard tcsetattr(fileDescriptor, TCSANOW, &settings) == 0 else {
            RawMode.active.withLock { $0[fileDescriptor] = nil }
            RawModeSignals.leave()
            return nil
        }
    }

    deinit { restore() }

    func restore() {
        let pending = RawMode.active.withLock { $0.removeValue(forKey: fileDescriptor) }
        guard var settings = pending else { return }
        _ = tcsetattr(fileDescriptor, TCSAFLUSH, &settings)
        RawModeSignals.leave()
    }

    /// Terminals in raw mode now, with the settings to put back.
    private static let active = Locked<[Int32: termios]>([:])

    /// Puts back every terminal still in raw mode.
    static func restoreAll() {
        let all = active.withLock { active in
            defer { active.removeAll() }
            return active
        }
        for (fileDescriptor, var settings) in all {
            _ = tcsetattr(fileDescriptor, TCSAFLUSH, &settings)
            RawModeSignals.leave()
        }
    }
}
