internal import CollageCore
public import CollageImaging
public import CollageTerminal
internal import CollageLocking
#if canImport(Glibc)
internal import Glibc
#endif

/// The collage drawn in the terminal, with status lines under it, redrawn in place on every
/// change and on every resize: `build --preview` once, `watch --preview` as the book's main
/// screen. Only on a terminal; the terminal is left clean by `close()`, also after Ctrl-C
/// (`TerminalGuard.restoreAll()` from the signal handler).
public final class PreviewScreen: Sendable {
    private let output: Int32
    private let styler: Styler
    private let capabilities: TerminalCapabilities
    private let guardian: TerminalGuard
    private let state = Locked<State>(State())
    private let resizing = Locked<ResizeListener?>(nil)

    private struct State {
        var block = PreviewBlock()
        var image: RGBImage? { didSet { encoded = nil } }
        var status: [StatusLine] = []
        /// The image encoded for the room it had: a new status line alone must not cost a new
        /// sixel quantisation or megabytes of kitty base64, only a new image or room does.
        var encoded: (terminal: TerminalSize, maxRows: Int, preview: TerminalPreview?)?
    }

    /// Nil unless `output` is a terminal. Asks the terminal what it can draw (at most 200 ms)
    /// on stdin when it is the same terminal, else on /dev/tty.
    public init?(output: Int32 = 2, styler: Styler) {
        guard TerminalIO.isTerminal(output) else { return nil }
        self.output = output
        self.styler = styler
        let input = TerminalIO.isTerminal(STDIN_FILENO) ? STDIN_FILENO : open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        capabilities = TerminalCapabilities.detect(input: input, output: output)
        if input != STDIN_FILENO && input >= 0 { Glibc.close(input) }
        guardian = TerminalGuard(fileDescriptor: output)
        TerminalGuard.restoreAtExit()
    }

    /// Draws `image` (or keeps the last one) with `status` under it, replacing what was drawn.
    /// Written under the lock: a redraw in place is only right after the draw it replaces.
    public func show(_ image: RGBImage? = nil, status: [StatusLine]) {
        state.withLock { state in
            if let image { state.image = image }
            state.status = status
            guardian.hideCursor()
            TerminalIO.write(draw(&state), to: output)
        }
        startFollowingResizes()
    }

    /// Stops redrawing; the last screen stays, the cursor is shown, attributes reset.
    public func close() {
        resizing.withLock { listener in
            listener?.cancel()
            listener = nil
        }
        state.withLock { _ in guardian.restore() }  // after any redraw under way
    }

    private func draw(_ state: inout State) -> [UInt8] {
        guard let terminal = TerminalSize.of(output) else { return [] }
        let maxRows = max(1, terminal.rows - state.status.count - 1)
        if let image = state.image, state.encoded?.terminal != terminal || state.encoded?.maxRows != maxRows {
            state.encoded = (terminal, maxRows, TerminalPreview.render(image, for: capabilities, terminal: terminal, maxRows: maxRows))
        }
        return state.block.draw(state.encoded?.preview, status: state.status, terminal: terminal, styler: styler)
    }

    private func startFollowingResizes() {
        resizing.withLock { listener in
            guard listener == nil else { return }
            listener = ResizeListener(fileDescriptor: output) { [weak self] _ in self?.redraw() }
        }
    }

    private func redraw() {
        state.withLock { state -> Void in TerminalIO.write(draw(&state), to: output) }
    }
}
