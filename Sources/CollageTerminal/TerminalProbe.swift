#if canImport(Glibc)
internal import Glibc
#endif

/// Asks the terminal what it can do, and never waits long for an answer.
///
/// Sends kitty's graphics query, XTSMGRAPHICS twice (how many sixel colour registers, and the
/// largest sixel image), `CSI 16 t`
/// (a cell's size in pixels) and last the primary device attributes (`ESC [ c`). Terminals
/// answer in order and every one answers DA1, so its answer ends the wait: a kitty reply
/// before it means kitty graphics, attribute 4 in it means sixel, and queries a terminal does
/// not know are simply not answered. A terminal that answers nothing (a serial line, a
/// half-broken emulator) costs `timeout`, after which the caller falls back.
public enum TerminalProbe {
    public static let defaultTimeout: Duration = .milliseconds(200)

    /// The queries, in the order sent.
    public static let queries = KittyGraphics.supportQuery + otherQueries
    /// Without kitty's: inside tmux or screen, which take its APC string for a window title and
    /// show it in their status line, and would not pass kitty's images through anyway.
    public static let otherQueries = "\u{1B}[?1;1;0S" + "\u{1B}[?2;1;0S" + "\u{1B}[16t" + "\u{1B}[c"

    /// Asks on the terminal `input` reads and `output` writes (usually the same one: stdin and
    /// stderr, or `/dev/tty` for both). Nil when either is not a terminal. The terminal is put
    /// in raw mode only while waiting, and its settings are restored whatever happens.
    /// Answers that arrive after the timeout are not waited for.
    public static func ask(input: Int32, output: Int32, timeout: Duration = defaultTimeout, askingKitty: Bool = true) -> TerminalAnswers? {
        guard TerminalIO.isTerminal(input), TerminalIO.isTerminal(output), let raw = RawMode(input) else { return nil }
        defer { raw.restore() }
        guard TerminalIO.write(askingKitty ? queries : otherQueries, to: output) else { return nil }

        var parser = TerminalReplyParser()
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var buffer = [UInt8](repeating: 0, count: 256)
        while !parser.answers.isComplete {
            let left = clock.now.duration(to: deadline)
            guard left > .zero else { break }
            var ready = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let waited = poll(&ready, 1, Int32(clamping: milliseconds(left)))
            if waited < 0 && errno == EINTR { continue }
            guard waited > 0 else { break }
            let count = read(input, &buffer, buffer.count)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else { break }  // the terminal hung up
            parser.feed(buffer[0..<count])
        }
        return parser.answers
    }

    /// Rounded up, so a wait of 0.4 ms polls for 1 ms rather than not at all.
    private static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    }
}
