internal import CollageLocking
#if canImport(Glibc)
internal import Glibc
#endif

/// Leaves the terminal as it was found: cursor shown, attributes reset, line settings back.
/// `restore()` is safe to call more than once and from any thread: from the end of a command,
/// from the CLI's SIGINT/SIGTERM dispatch handler, and from the exit handler.
public final class TerminalGuard: Sendable {
    public let fileDescriptor: Int32

    /// Guards the terminal on `fileDescriptor`; nothing is ever written to a non-terminal.
    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// Hides the cursor (it would flicker across a redraw) until `restore()`.
    public func hideCursor() {
        guard TerminalIO.isTerminal(fileDescriptor) else { return }
        _ = Self.touched.withLock { $0.insert(fileDescriptor) }
        TerminalIO.write(ControlSequence.hideCursor, to: fileDescriptor)
    }

    /// Shows the cursor and resets the attributes, if this terminal was touched.
    public func restore() {
        Self.restore(fileDescriptor)
    }

    /// Terminals that may have a hidden cursor or attributes set.
    private static let touched = Locked<Set<Int32>>([])

    private static func restore(_ fileDescriptor: Int32) {
        guard touched.withLock({ $0.remove(fileDescriptor) }) != nil else { return }
        TerminalIO.write(ControlSequence.resetAttributes + ControlSequence.showCursor, to: fileDescriptor)
    }

    /// Restores every terminal touched, and the line settings of any probe still waiting: what
    /// a signal handler calls before the process ends.
    public static func restoreAll() {
        RawMode.restoreAll()
        for fileDescriptor in touched.withLock({ $0 }) { restore(fileDescriptor) }
    }

    private static let exitHandler = Locked(false)

    /// Registers `restoreAll()` to run at `exit()`, once however often called.
    public static func restoreAtExit() {
        let first = exitHandler.withLock { installed in
            defer { installed = true }
            return !installed
        }
        if first { atexit { TerminalGuard.restoreAll() } }
    }
}
