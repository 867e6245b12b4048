internal import Dispatch
#if canImport(Glibc)
internal import Glibc
#endif

/// Reports the terminal's new size after each SIGWINCH, so a preview can be refitted and drawn
/// again. A dispatch source: the handler runs as ordinary code on `queue`, not in a signal
/// context, on a queue of the listener's own. `@unchecked`: `source` is set once in `init`.
public final class ResizeListener: @unchecked Sendable {
    private let source: any DispatchSourceSignal

    /// Calls `onResize` with the size of the terminal on `fileDescriptor` after every resize.
    public init(fileDescriptor: Int32, onResize: @escaping @Sendable (TerminalSize) -> Void) {
        source = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: DispatchQueue(label: "collage.resize"))
        source.setEventHandler {
            if let size = TerminalSize.of(fileDescriptor) { onResize(size) }
        }
        source.resume()
    }

    /// Stops listening; also done when the listener is released.
    public func cancel() { source.cancel() }

    deinit { source.cancel() }
}
