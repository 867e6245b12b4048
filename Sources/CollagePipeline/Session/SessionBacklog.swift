/// What waits for the file a session is reading, in the order it came: arrivals (only the
/// newest of a name is read, unless the name keeps its earlier place), finish now, the
/// wake-up, the source's end. Each input costs constant time: a folder flooded with thousands of
/// files while one is read must not cost their square.
///
/// ```
/// var backlog = SessionBacklog<String>()
/// backlog.append(arrival: "a"); backlog.append(arrival: "b"); backlog.append(arrival: "a")
/// backlog.items                 // [.arrival("b"), .arrival("a")]
/// backlog.removeArrivals(of: "b")  // true: it never is read
/// backlog.popFirst()            // .arrival("a")
/// ```
struct SessionBacklog<Name: Hashable & Sendable>: Sendable {
    enum Item: Sendable, Equatable {
        case arrival(Name)
        case finishNow
        case wakeUp
        case end
    }

    private var entries: [(item: Item, stamp: Int)] = []
    private var head = 0
    private var stamps = 0
    /// The stamps of each name's arrivals still waiting: an entry not among them was passed over.
    private var arrivals: [Name: Set<Int>] = [:]
    private var live = 0
    private var wakeUpWaits = false

    var isEmpty: Bool { live == 0 }

    /// What waits, in order (for tests and lines).
    var items: [Item] {
        entries[head...].filter { isLive($0) }.map(\.item)
    }

    /// A file arrived: waits behind what came before; an earlier arrival of the name no longer
    /// counts unless `keepingEarlier` (a resumed photo keeps its place).
    mutating func append(arrival name: Name, keepingEarlier: Bool = false) {
        let stamp = next()
        if !keepingEarlier, let earlier = arrivals[name] { live -= earlier.count }
        arrivals[name] = keepingEarlier ? (arrivals[name] ?? []).union([stamp]) : [stamp]
        entries.append((.arrival(name), stamp))
        live += 1
    }

    /// Finish now, the wake-up (once, however often it came) or the end.
    mutating func append(_ item: Item) {
        if case .arrival(let name) = item { return append(arrival: name) }
        if item == .wakeUp {
            guard !wakeUpWaits else { return }
            wakeUpWaits = true
        }
        entries.append((item, next()))
        live += 1
    }

    /// Whether an arrival of `name` waits.
    func waits(_ name: Name) -> Bool { arrivals[name] != nil }

    /// The arrivals of `name` that wait are never read (the file went away); true if any did.
    mutating func removeArrivals(of name: Name) -> Bool {
        guard let removed = arrivals.removeValue(forKey: name) else { return false }
        live -= removed.count
        return true
    }

    /// The oldest item still waiting.
    mutating func popFirst() -> Item? {
        while head < entries.count {
            let entry = entries[head]
            head += 1
            guard isLive(entry) else { continue }
            live -= 1
            if entry.item == .wakeUp { wakeUpWaits = false }
            if case .arrival(let name) = entry.item {
                arrivals[name]?.remove(entry.stamp)
                if arrivals[name]?.isEmpty == true { arrivals[name] = nil }
            }
            compact()
            return entry.item
        }
        compact()
        return nil
    }

    private func isLive(_ entry: (item: Item, stamp: Int)) -> Bool {
        guard case .arrival(let name) = entry.item else { return true }
        return arrivals[name]?.contains(entry.stamp) == true
    }

    private mutating func next() -> Int {
        stamps += 1
        return stamps
    }

    /// Drops what was taken once it is most of the storage.
    private mutating func compact() {
        if head == entries.count {
            (entries, head) = ([], 0)
        } else if head > 1024, head * 2 > entries.count {
            entries.removeFirst(head)
            head = 0
        }
    }
}
