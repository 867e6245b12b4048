/// The rule of `--serve-max-clients`, as a value: at most `limit` connections are open, and a
/// new one is never left waiting behind connections that do nothing for anyone, nor lets one
/// client's many connections push out another's few. When all slots are taken, the new
/// connection takes the slot of, in this order:
///
/// 1. a connection with no request in progress — idle between requests, or a head still
///    arriving (a dripped head: a complete one is read at once), the one waiting longest;
/// 2. a stalled response: one with writes its client has not taken for `stallAfter` (judged by
///    progress over time, never by a full buffer at one moment: a download read slowly but
///    steadily is progressing), the longest in that use;
/// 3. a response of the peer (address) holding the most slots, the new one counted, when it
///    holds at least two: its oldest event stream, else its oldest response. A guest flooding
///    `/events` or downloads churns through its own slots and never the screen's one stream or
///    another guest's download;
/// 4. when every peer holds one slot (an attacker with many addresses), the oldest event
///    stream: a page whose stream is cut reconnects by itself a second later and resumes from
///    its `Last-Event-ID`, losing nothing.
///
/// Only when every slot is a progressing response of a different peer, none an event stream,
/// is the new connection refused (closed, with no answer: a browser's EventSource retries after
/// a network error, while any HTTP error status would end it for good). Pure, on a clock given
/// as the time since the server started: the server keeps it behind a lock (`BoothConnections`).
struct ConnectionSlots<Key: Hashable, Peer: Hashable> {
    enum Use: Equatable {
        /// No request in progress: idle, or reading a request's head.
        case waiting
        /// A request read and being answered.
        case answering
        /// Answering `/events`: a response that does not end.
        case streaming
    }

    enum Admission: Equatable {
        case admitted
        /// Admitted in the place of this connection, to be closed.
        case admittedEvicting(Key)
        case refused
    }

    private struct Slot {
        let peer: Peer
        var use: Use
        /// When the slot entered its use, counted in changes: smaller is longer ago.
        var since: Int
        /// Writes handed to the connection that its socket has not taken yet.
        var untaken = 0
        /// When the client last took a write, or when the oldest untaken one was made.
        var progressed: Duration = .zero
    }

    let limit: Int
    /// How long a response's client may take nothing of what waits for it before it is stalled.
    let stallAfter: Duration
    private var slots: [Key: Slot] = [:]
    private var clock = 0

    init(limit: Int, stallAfter: Duration = .seconds(5)) {
        self.limit = max(limit, 1)
        self.stallAfter = stallAfter
    }

    var count: Int { slots.count }

    func use(of key: Key) -> Use? { slots[key]?.use }

    /// A new connection from `peer`: a free slot, or the slot of the connection the rule above picks.
    mutating func admit(_ key: Key, from peer: Peer, at now: Duration) -> Admission {
        guard slots[key] == nil else { return .admitted }
        var evicted: Key?
        if slots.count >= limit {
            guard let victim = victim(newcomer: peer, at: now) else { return .refused }
            slots[victim] = nil
            evicted = victim
        }
        clock += 1
        slots[key] = Slot(peer: peer, use: .waiting, since: clock)
        return evicted.map { .admittedEvicting($0) } ?? .admitted
    }

    /// A connection starts or ends a request, or its response turns out to be an event stream.
    mutating func set(_ key: Key, _ use: Use) {
        guard let slot = slots[key], slot.use != use else { return }
        clock += 1
        slots[key]?.use = use
        slots[key]?.since = clock
    }

    /// A write was handed to the connection.
    mutating func wrote(_ key: Key, at now: Duration) {
        guard let slot = slots[key] else { return }
        if slot.untaken == 0 { slots[key]?.progressed = now }
        slots[key]?.untaken += 1
    }

    /// The socket took a write (or the write failed: the connection is ending).
    mutating func taken(_ key: Key, at now: Duration) {
        guard let slot = slots[key] else { return }
        slots[key]?.untaken = max(slot.untaken - 1, 0)
        slots[key]?.progressed = now
    }

    mutating func remove(_ key: Key) {
        slots[key] = nil
    }

    private func isStalled(_ slot: Slot, at now: Duration) -> Bool {
        slot.use != .waiting && slot.untaken > 0 && now - slot.progressed >= stallAfter
    }

    private func victim(newcomer: Peer, at now: Duration) -> Key? {
        func oldest(_ include: (Slot) -> Bool) -> Key? {
            slots.filter { include($0.value) }.min { $0.value.since < $1.value.since }?.key
        }
        let crowded = mostSlots(newcomer: newcomer)
        return oldest { $0.use == .waiting }
            ?? oldest { isStalled($0, at: now) }
            ?? crowded.flatMap { peer in oldest { $0.peer == peer && $0.use == .streaming } ?? oldest { $0.peer == peer } }
            ?? oldest { $0.use == .streaming }
    }

    /// The peer holding the most slots, the newcomer's included, if that is at least two and one
    /// of them is an open connection; of peers holding as many, the one that came last.
    private func mostSlots(newcomer: Peer) -> Peer? {
        var held: [Peer: (count: Int, first: Int)] = [:]
        for slot in slots.values {
            let entry = held[slot.peer] ?? (0, slot.since)
            held[slot.peer] = (entry.count + 1, min(entry.first, slot.since))
        }
        if let entry = held[newcomer] { held[newcomer] = (entry.count + 1, entry.first) }
        guard let (peer, entry) = held.max(by: { ($0.value.count, $0.value.first) < ($1.value.count, $1.value.first) }),
              entry.count >= 2 else { return nil }
        return peer
    }
}
