/// The rule of `--serve-max-clients`, as a value: who gets a connection's slot, and what a new
/// connection may take from whom. Two kinds of client:
///
/// - **The screen** (the kiosk browser on the booth's own machine, `ServeSettings.isScreen`)
///   has `screenLimit` slots of its own, apart from the guests'. Nothing a guest does takes one,
///   and its connections never take each other's while they work: a new one beyond them takes
///   the slot of its oldest idle one, else it is refused. A browser opens at most six
///   connections to a server, so the screen's stream, its pictures and its page never wait.
/// - **Guests** share `limit` slots, and an address holds at most `perGuest` of them (queued
///   ones counted): its next connection takes the place of its own oldest, never another's
///   (a queued one first; else idle, stalled, a stream, a response). When every slot is
///   taken, a new guest connection takes the slot of, in this order:
///   1. a connection with no request in progress: idle between requests, or a head still
///      arriving after `headGrace` (a phone's first request can take a lost packet's resend or
///      two on a crowded Wi-Fi; a head dripped slowly takes longer), the one waiting longest;
///   2. a stalled response: one with a write its client has not taken for `stallAfter` (judged
///      by progress over time: a download read slowly but steadily is progressing);
///   3. an event stream of the address holding the most streams, its oldest (of addresses
///      holding as many, the oldest stream): a page whose stream is cut reconnects by itself a
///      second later and resumes from its `Last-Event-ID`, losing nothing.
///
///   A progressing response of another address is never cut: when nothing else can give way
///   (or others already wait), the new connection waits, unread, in a queue of at most `limit`
///   (`queued`), and takes, first come first, a slot that frees or can give way (`promote`). Beyond that queue it is
///   refused (closed unanswered: a browser's EventSource retries after that, while an HTTP
///   error would end it for good).
///
/// Pure, on a clock given as the time since the server started: the server keeps it behind a
/// lock (`BoothConnections`) and carries out what it returns.
struct ConnectionSlots<Key: Hashable & Sendable, Peer: Hashable & Sendable>: Sendable {
    /// Who opened a connection.
    enum Client: Hashable, Sendable {
        case screen
        case guest(Peer)
    }

    enum Use: Equatable, Sendable {
        /// No request in progress: idle, or reading a request's head.
        case waiting
        /// A request read and being answered.
        case answering
        /// Answering `/events`: a response that does not end.
        case streaming
    }

    enum Admission: Equatable, Sendable {
        /// Given a slot; the connection named, if any, loses its own and is to be closed.
        case admitted(evicting: Key?)
        /// Waiting for a slot, unread; the connection named, if any (the same guest's oldest
        /// queued one), is to be closed.
        case queued(evicting: Key?)
        /// To be closed.
        case refused
    }

    /// A queued connection given a slot, in the place of `evicting` when not nil.
    struct Promotion: Equatable, Sendable {
        let key: Key
        let evicting: Key?
    }

    private struct Slot: Sendable {
        let client: Client
        /// When it was given its slot; `fresh` until its first request is read.
        let admitted: Duration
        var fresh = true
        var use: Use
        /// When the slot entered its use, counted in changes: smaller is longer ago.
        var since: Int
        /// Writes handed to the connection that its socket has not taken yet.
        var untaken = 0
        /// When the client last took a write, or when the oldest untaken one was made.
        var progressed: Duration = .zero
    }

    /// The guests' slots.
    let limit: Int
    /// The screen's own slots.
    let screenLimit: Int
    /// The most one guest address holds, queued connections counted.
    let perGuest: Int
    /// How long a response's client may take nothing of what waits for it before it is stalled.
    let stallAfter: Duration
    /// How long a new connection's first request may take to arrive before its slot can go.
    let headGrace: Duration
    /// The most guests' connections waiting for a slot.
    let queueLimit: Int
    private var slots: [Key: Slot] = [:]
    /// Guests' connections waiting for a slot, first come first.
    private var queue: [(key: Key, peer: Peer)] = []
    private var clock = 0

    init(limit: Int, screenLimit: Int = 16, perGuest: Int = 8, stallAfter: Duration = .seconds(5), headGrace: Duration = .seconds(3),
         queueLimit: Int? = nil) {
        self.limit = max(limit, 1)
        self.screenLimit = max(screenLimit, 1)
        self.perGuest = max(perGuest, 1)
        self.stallAfter = stallAfter
        self.headGrace = headGrace
        self.queueLimit = queueLimit ?? max(limit, 1)
    }

    /// Connections holding a slot.
    var count: Int { slots.count }

    var queued: [Key] { queue.map(\.key) }

    func use(of key: Key) -> Use? { slots[key]?.use }

    /// A new connection: a free slot, a slot the rule above frees, the queue, or nothing.
    mutating func admit(_ key: Key, from client: Client, at now: Duration) -> Admission {
        guard slots[key] == nil else { return .admitted(evicting: nil) }
        guard !queue.contains(where: { $0.key == key }) else { return .queued(evicting: nil) }
        guard case .guest(let peer) = client else { return admitScreen(key, at: now) }
        if held(by: peer) + queue.count(where: { $0.peer == peer }) >= perGuest {
            if let index = queue.firstIndex(where: { $0.peer == peer }) {
                let dropped = queue.remove(at: index).key
                queue.append((key, peer))
                return .queued(evicting: dropped)
            }
            let own = ownVictim(of: peer, at: now)
            take(key, from: client, evicting: own, at: now)
            return .admitted(evicting: own)
        }
        // Behind the ones already waiting, if any: first come, first given a slot (`promote`).
        if queue.isEmpty, guests < limit || victim(at: now) != nil {
            let victim = guests < limit ? nil : victim(at: now)
            take(key, from: client, evicting: victim, at: now)
            return .admitted(evicting: victim)
        }
        guard queue.count < queueLimit else { return .refused }
        queue.append((key, peer))
        return .queued(evicting: nil)
    }

    /// A connection starts or ends a request, or its response turns out to be an event stream.
    mutating func set(_ key: Key, _ use: Use) {
        guard let slot = slots[key], slot.use != use else { return }
        clock += 1
        slots[key]?.use = use
        slots[key]?.since = clock
        if use != .waiting { slots[key]?.fresh = false }
    }

    /// A write was handed to the connection.
    mutating func wrote(_ key: Key, at now: Duration) {
        guard let slot = slots[key] else { return }
        if slot.untaken == 0 { slots[key]?.progressed = now }
        slots[key]?.untaken += 1
    }

    /// The socket took a write (or the write failed: the connection is ending): progress.
    mutating func taken(_ key: Key, at now: Duration) {
        guard let slot = slots[key] else { return }
        slots[key]?.untaken = max(slot.untaken - 1, 0)
        slots[key]?.progressed = now
    }

    /// A connection closed: its slot or its place in the queue is free.
    mutating func remove(_ key: Key) {
        slots[key] = nil
        queue.removeAll { $0.key == key }
    }

    /// Queued connections given the slots that are free or can give way now, first come first:
    /// after a connection closed or went idle, and now and then while any waits (a response
    /// stalls with time).
    mutating func promote(at now: Duration) -> [Promotion] {
        var promoted: [Promotion] = []
        while let (key, peer) = queue.first {
            let victim = guests < limit ? nil : victim(at: now)
            guard guests < limit || victim != nil else { break }
            queue.removeFirst()
            take(key, from: .guest(peer), evicting: victim, at: now)
            promoted.append(Promotion(key: key, evicting: victim))
        }
        return promoted
    }

    private mutating func admitScreen(_ key: Key, at now: Duration) -> Admission {
        let screen = slots.filter { $0.value.client == .screen }
        var victim: Key?
        if screen.count >= screenLimit {
            victim = screen.filter { $0.value.use == .waiting }.min { $0.value.since < $1.value.since }?.key
            guard victim != nil else { return .refused }
        }
        take(key, from: .screen, evicting: victim, at: now)
        return .admitted(evicting: victim)
    }

    private mutating func take(_ key: Key, from client: Client, evicting victim: Key?, at now: Duration) {
        if let victim { slots[victim] = nil }
        clock += 1
        slots[key] = Slot(client: client, admitted: now, use: .waiting, since: clock)
    }

    private var guests: Int { slots.values.count { $0.client != .screen } }

    private func held(by peer: Peer) -> Int { slots.values.count { $0.client == .guest(peer) } }

    private func isStalled(_ slot: Slot, at now: Duration) -> Bool {
        slot.use != .waiting && slot.untaken > 0 && now - slot.progressed >= stallAfter
    }

    private func oldest(_ include: (Slot) -> Bool) -> Key? {
        slots.filter { $0.value.client != .screen && include($0.value) }.min { $0.value.since < $1.value.since }?.key
    }

    /// Rules 1 to 3: the guest connection that gives way to another address's, if any.
    private func victim(at now: Duration) -> Key? {
        if let idle = oldest({ $0.use == .waiting && (!$0.fresh || now - $0.admitted >= headGrace) }) { return idle }
        if let stalled = oldest({ isStalled($0, at: now) }) { return stalled }
        var streams: [Client: Int] = [:]
        for slot in slots.values where slot.client != .screen && slot.use == .streaming { streams[slot.client, default: 0] += 1 }
        guard let most = streams.values.max() else { return nil }
        return oldest { $0.use == .streaming && streams[$0.client] == most }
    }

    /// A guest at its bound gives up its own oldest: idle, stalled, a stream, a response.
    private func ownVictim(of peer: Peer, at now: Duration) -> Key? {
        let own = { (slot: Slot) in slot.client == .guest(peer) }
        return oldest { own($0) && $0.use == .waiting } ?? oldest { own($0) && isStalled($0, at: now) }
            ?? oldest { own($0) && $0.use == .streaming } ?? oldest(own)
    }
}
