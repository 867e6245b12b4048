internal import CollageLocking
internal import NIOCore

/// The server's open connections under `ConnectionSlots`' rule, shared by every connection's
/// `RequestGuard` on every event loop: admitting one may close another, on its own loop.
final class BoothConnections: Sendable {
    private struct State {
        var slots: ConnectionSlots<ObjectIdentifier>
        var channels: [ObjectIdentifier: any Channel] = [:]
    }

    private let state: Locked<State>

    init(limit: Int) {
        state = Locked(State(slots: ConnectionSlots(limit: limit)))
    }

    /// False when the connection is refused: the caller closes it.
    func admit(_ channel: any Channel) -> Bool {
        let key = ObjectIdentifier(channel)
        let (admission, victim): (ConnectionSlots<ObjectIdentifier>.Admission, (any Channel)?) = state.withLock { state in
            let channels = state.channels
            // NIO's writability is readable from any thread: false while the client has left
            // more than NIO's high-water mark untaken.
            let admission = state.slots.admit(key) { channels[$0].map { !$0.isWritable } ?? false }
            guard admission != .refused else { return (admission, nil) }
            state.channels[key] = channel
            guard case .admittedEvicting(let victim) = admission else { return (admission, nil) }
            return (admission, state.channels.removeValue(forKey: victim))
        }
        victim?.close(promise: nil)
        return admission != .refused
    }

    func set(_ channel: any Channel, _ use: ConnectionSlots<ObjectIdentifier>.Use) {
        state.withLock { $0.slots.set(ObjectIdentifier(channel), use) }
    }

    func remove(_ channel: any Channel) {
        let key = ObjectIdentifier(channel)
        state.withLock { state in
            state.slots.remove(key)
            state.channels[key] = nil
        }
    }

    var count: Int { state.withLock { $0.slots.count } }
}
