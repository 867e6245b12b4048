internal import CollageLocking
internal import NIOCore

/// The server's open connections under `ConnectionSlots`' rule, shared by every connection's
/// `RequestGuard` on every event loop: admitting one may close another, on its own loop, and a
/// connection that closes or goes idle lets a queued one in. The screen is told apart by its
/// address (`ServeSettings.isScreen`), guests by theirs; time is the server's monotonic clock
/// since it started.
final class BoothConnections: Sendable {
    typealias Slots = ConnectionSlots<ObjectIdentifier, String>

    /// What the guard does with a new connection.
    enum Entry {
        case admitted
        /// Not read until it is given a slot (`resume`).
        case queued
        case refused
    }

    /// A queued connection let in, and the one whose slot it takes, to be closed.
    private typealias Promoted = (admitted: any Channel, evicted: (any Channel)?)

    private struct State {
        var slots: Slots
        var channels: [ObjectIdentifier: any Channel] = [:]
        /// A check of the queue is scheduled (once a second while a connection waits).
        var checking = false
    }

    private let state: Locked<State>
    private let start = ContinuousClock.now

    init(limit: Int) {
        state = Locked(State(slots: ConnectionSlots(limit: limit)))
    }

    private var now: Duration { ContinuousClock.now - start }

    func admit(_ channel: any Channel) -> Entry {
        let key = ObjectIdentifier(channel)
        let address = channel.remoteAddress?.ipAddress ?? ""
        let client: Slots.Client = ServeSettings.isScreen(address) ? .screen : .guest(address)
        let now = now
        let (admission, victim, promoted, check): (Slots.Admission, (any Channel)?, [Promoted], Bool) = state.withLock { state in
            let admission = state.slots.admit(key, from: client, at: now)
            let evicted: ObjectIdentifier?
            switch admission {
            case .refused: return (admission, nil, [], false)
            case .admitted(let victim), .queued(let victim): evicted = victim
            }
            state.channels[key] = channel
            let victim = evicted.flatMap { state.channels.removeValue(forKey: $0) }
            let promoted = Self.promote(&state, at: now)
            let check = !state.checking && !state.slots.queued.isEmpty
            if check { state.checking = true }
            return (admission, victim, promoted, check)
        }
        victim?.close(promise: nil)
        // Let in at once, behind others let in: read now, like any admitted connection.
        let itself = promoted.contains { $0.admitted === channel }
        carryOut(promoted.filter { $0.admitted !== channel })
        if itself { promoted.first { $0.admitted === channel }?.evicted?.close(promise: nil) }
        if check { scheduleCheck(on: channel.eventLoop) }
        switch admission {
        case .admitted: return .admitted
        case .queued: return itself ? .admitted : .queued
        case .refused: return .refused
        }
    }

    /// A request starts or ends, or turns out to be an event stream; a connection gone idle may
    /// give its slot to one waiting.
    func set(_ channel: any Channel, _ use: Slots.Use) {
        let now = now
        let promoted = state.withLock { state in
            state.slots.set(ObjectIdentifier(channel), use)
            return use == .waiting ? Self.promote(&state, at: now) : []
        }
        carryOut(promoted)
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
        let now = now
        let promoted = state.withLock { state in
            state.slots.remove(key)
            state.channels[key] = nil
            return Self.promote(&state, at: now)
        }
        carryOut(promoted)
    }

    var count: Int { state.withLock { $0.slots.count } }

    /// The queued connections let in, each with the one whose slot it takes, to be closed.
    private static func promote(_ state: inout State, at now: Duration) -> [Promoted] {
        state.slots.promote(at: now).compactMap { promotion in
            guard let channel = state.channels[promotion.key] else { return nil }
            return (channel, promotion.evicting.flatMap { state.channels.removeValue(forKey: $0) })
        }
    }

    private func carryOut(_ promoted: [Promoted]) {
        for (channel, evicted) in promoted {
            evicted?.close(promise: nil)
            // Reading again: the request waiting in its socket is read and answered.
            channel.setOption(ChannelOptions.autoRead, value: true).whenFailure { _ in channel.close(promise: nil) }
        }
    }

    /// While a connection waits, the queue is looked at once a second: a response that has
    /// stalled since gives way to it.
    private func scheduleCheck(on loop: any EventLoop) {
        loop.scheduleTask(in: .seconds(1)) { [self] in
            let now = now
            let (promoted, next): ([Promoted], (any EventLoop)?) = state.withLock { state in
                let promoted = Self.promote(&state, at: now)
                let waiting = state.slots.queued.first.flatMap { state.channels[$0] }
                state.checking = waiting != nil
                return (promoted, waiting?.eventLoop)
            }
            carryOut(promoted)
            if let next { scheduleCheck(on: next) }
        }
    }
}
