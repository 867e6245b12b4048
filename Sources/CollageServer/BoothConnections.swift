internal import CollageLocking
internal import NIOCore

/// The server's open connections under `ConnectionSlots`' rule, shared by every connection's
/// `RequestGuard` on every event loop: admitting one may close another, on its own loop. Peers
/// are told apart by their address; time is the server's monotonic clock since it started.
final class BoothConnections: Sendable {
    private typealias Slots = ConnectionSlots<ObjectIdentifier, String>

    private struct State {
        var slots: Slots
        var channels: [ObjectIdentifier: any Channel] = [:]
    }

    private let state: Locked<State>
    private let start = ContinuousClock.now

    init(limit: Int) {
        state = Locked(State(slots: ConnectionSlots(limit: limit)))
    }

    private var now: Duration { ContinuousClock.now - start }

    /// False when the connection is refused: the caller closes it.
    func admit(_ channel: any Channel) -> Bool {
        let key = ObjectIdentifier(channel)
        let peer = channel.remoteAddress?.ipAddress ?? ""
        let now = now
        let (admission, victim): (Slots.Admission, (any Channel)?) = state.withLock { state in
            let admission = state.slots.admit(key, from: peer, at: now)
            guard admission != .refused else { return (admission, nil) }
            state.channels[key] = channel
            guard case .admittedEvicting(let victim) = admission else { return (admission, nil) }
            return (admission, state.channels.removeValue(forKey: victim))
        }
        victim?.close(promise: nil)
        return admission != .refused
    }

    func set(_ channel: any Channel, _ use: ConnectionSlots<ObjectIdentifier, String>.Use) {
        state.withLock { $0.slots.set(ObjectIdentifier(channel), use) }
    }

    /// A part of a response was handed to the connection: the client is stalled if it takes
    /// nothing for a while from now on.
    func wrote(_ channel: any Channel) {
        let now = now
        state.withLock { $0.slots.wrote(ObjectIdentifier(channel), at: now) }
    }

    /// The socket took a part (or the write failed).
    func taken(_ channel: any Channel) {
        let now = now
        state.withLock { $0.slots.taken(ObjectIdentifier(channel), at: now) }
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
