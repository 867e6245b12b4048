internal import Dispatch
internal import CollageLocking
#if canImport(Glibc)
internal import Glibc
#endif

/// Turns SIGINT, SIGTERM and SIGHUP (a closed terminal) into calls, each given the signal's
/// number: the first asks for a clean stop, a second for an immediate one. Dispatch sources, so
/// the handlers run as ordinary code, not in a signal context.
/// `@unchecked`: `sources` is set once in `init` and only kept alive; the rest is locked.
final class SignalTrap: @unchecked Sendable {
    private let sources: [any DispatchSourceSignal]
    private let received = ReceivedSignals()

    init(_ signals: [Int32] = [SIGINT, SIGTERM, SIGHUP], first: @escaping @Sendable (Int32) -> Void, again: @escaping @Sendable (Int32) -> Void) {
        let queue = DispatchQueue(label: "collage.signals")
        let received = received
        sources = signals.map { number in
            Glibc.signal(number, SIG_IGN)  // else the default action kills the process first
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            let handle = source as AnyObject  // weakly held below: the source owns its handler
            source.setEventHandler { [weak handle] in
                // Signals that came before this handler ran arrive as one event with a count: a
                // second SIGTERM while the queue waited is still a second one.
                let count = max(1, Int((handle as? any DispatchSourceSignal)?.data ?? 1))
                let before = received.append(number, times: count)
                if before == 0 { first(number) }
                if before + count > 1 { again(number) }
            }
            source.resume()
            return source
        }
    }

    /// The first signal received, if any.
    var signal: Int32? { received.first }
}

private final class ReceivedSignals: Sendable {
    private let list = Locked<[Int32]>([])

    /// Records `times` signals; returns how many had come before.
    func append(_ signal: Int32, times: Int) -> Int {
        list.withLock { list in
            defer { list += Array(repeating: signal, count: times) }
            return list.count
        }
    }

    var first: Int32? { list.withLock { $0.first } }
}
