internal import Dispatch
#if canImport(Glibc)
internal import Glibc
#endif

/// SIGUSR1, "finish now": each one completes the open collage (`collage finish`, `systemctl
/// kill -s USR1`). A Dispatch source, so the handler runs as ordinary code.
/// `@unchecked`: `source` is set once in `init` and only kept alive.
final class FinishSignal: @unchecked Sendable {
    private let source: any DispatchSourceSignal

    init(_ finish: @escaping @Sendable () -> Void) {
        Glibc.signal(SIGUSR1, SIG_IGN)  // as `main` set it first: else its default action ends the process
        source = DispatchSource.makeSignalSource(signal: SIGUSR1, queue: DispatchQueue(label: "collage.finish"))
        source.setEventHandler(handler: finish)
        source.resume()
    }

    deinit { source.cancel() }
}
