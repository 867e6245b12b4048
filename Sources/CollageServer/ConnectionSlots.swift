/// The rule of `--serve-max-clients`, as a value: at most `limit` connections are open, and a
/// new one is never left waiting behind connections that do nothing for anyone. When all slots
/// are taken, the new connection takes the slot of, in this order:
///
/// 1. a connection with no request in progress — idle between requests, or a head still
///    arriving (a dripped head: a complete one is read at once), the one waiting longest;
/// 2. a connection whose response the client is not taking (its buffer full: a download or an
///    event stream that is never read), the longest in that use;
/// 3. the oldest event stream: a page whose stream is cut reconnects by itself a second later
///    and resumes from its `Last-Event-ID`, losing nothing.
///
/// Only when every slot is a response being taken is the new connection refused (closed): it
/// is freed as soon as those responses end. So a guest's `/` or `/gallery` is answered however
/// many slots are held by clients that are slow, silent or never read. Pure: the server keeps
/// it behind a lock (`BoothConnections`) and asks NIO which channels are stalled.
struct ConnectionSlots<Key: Hashable> {
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
        var use: Use
        /// When the slot entered its use, counted in changes: smaller is longer ago.
        var since: Int
    }

    let limit: Int
    private var slots: [Key: Slot] = [:]
    private var clock = 0

    init(limit: Int) {
        self.limit = max(limit, 1)
    }

    var count: Int { slots.count }

    func use(of key: Key) -> Use? { slots[key]?.use }

    /// A new connection: a free slot, or the slot of the connection the rule above picks.
    /// `stalled` says whether a connection's client has stopped taking its response.
    mutating func admit(_ key: Key, stalled: (Key) -> Bool) -> Admission {
        guard slots[key] == nil else { return .admitted }
        var evicted: Key?
        if slots.count >= limit {
            guard let victim = victim(stalled: stalled) else { return .refused }
            slots[victim] = nil
            evicted = victim
        }
        clock += 1
        slots[key] = Slot(use: .waiting, since: clock)
        return evicted.map { .admittedEvicting($0) } ?? .admitted
    }

    /// A connection starts or ends a request, or its response turns out to be an event stream.
    mutating func set(_ key: Key, _ use: Use) {
        guard let slot = slots[key], slot.use != use else { return }
        clock += 1
        slots[key] = Slot(use: use, since: clock)
    }

    mutating func remove(_ key: Key) {
        slots[key] = nil
    }

    private func victim(stalled: (Key) -> Bool) -> Key? {
        func oldest(_ include: (Key, Slot) -> Bool) -> Key? {
            slots.filter { include($0.key, $0.value) }.min { $0.value.since < $1.value.since }?.key
        }
        return oldest { _, slot in slot.use == .waiting }
            ?? oldest { key, slot in slot.use != .waiting && stalled(key) }
            ?? oldest { _, slot in slot.use == .streaming }
    }
}
