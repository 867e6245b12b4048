internal import CollageLocking
#if canImport(Glibc)
internal import Glibc
#endif

/// Ctrl-C (or SIGTERM, SIGQUIT) while a probe holds the terminal in raw mode, before any signal
/// trap is installed, would end the process with echo and line editing still off. While raw, a
/// signal left at its default action first puts the terminal back, then ends the process as
/// before. A signal the program handles itself is left alone (it restores via `TerminalGuard`).
enum RawModeSignals {
    private static let signals = [SIGINT, SIGTERM, SIGQUIT]

    /// Raw terminals now, and the signals whose handler is ours.
    private static let state = Locked<(count: Int, installed: [Int32])>((0, []))

    /// The settings the handler restores: the last terminal made raw (one probe at a time in
    /// the program). `nonisolated(unsafe)`: written under `state`'s lock; the handler, which
    /// may not take a lock, only reads it.
    nonisolated(unsafe) private static var saved: (fileDescriptor: Int32, settings: termios)?

    /// Called by `RawMode` before it makes `fileDescriptor` raw.
    static func enter(fileDescriptor: Int32, settings: termios) {
        state.withLock { state in
            saved = (fileDescriptor, settings)
            state.count += 1
            guard state.count == 1 else { return }
            state.installed = signals.filter { number in
                var current = sigaction()
                // SIG_DFL is the null handler.
                guard sigaction(number, nil, &current) == 0, current.__sigaction_handler.sa_handler == nil else { return false }
                signal(number, restoreThenDie)
                return true
            }
        }
    }

    /// Called by `RawMode` once a terminal is back: with none raw, the default actions return.
    static func leave() {
        state.withLock { state in
            state.count = max(0, state.count - 1)
            guard state.count == 0 else { return }
            for number in state.installed { signal(number, SIG_DFL) }
            state.installed = []
            saved = nil
        }
    }

    /// Only async-signal-safe calls: tcsetattr, signal, raise.
    private static let restoreThenDie: @convention(c) (Int32) -> Void = { number in
        if var terminal = RawModeSignals.saved { _ = tcsetattr(terminal.fileDescriptor, TCSAFLUSH, &terminal.settings) }
        signal(number, SIG_DFL)
        raise(number)
    }

    /// Whether `number`'s handler is ours now: for tests.
    static func isHandling(_ number: Int32) -> Bool {
        state.withLock { $0.installed.contains(number) }
    }
}
