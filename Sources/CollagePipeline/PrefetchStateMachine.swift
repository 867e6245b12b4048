/// `Prefetcher`'s rules, as values: which files to start reading ahead of whoever decides them,
/// and which decodes may run within the memory budget. Each method takes what happened and
/// returns what to do; the prefetcher keeps the tasks, continuations and files, and the lock
/// around this.
///
/// ```
/// var rules = PrefetchStateMachine(files: 8, depth: 2, limit: 6, memory: 100)
/// rules.ask()   // Ask(index: 0, starting: [0, 1])
/// ```
struct PrefetchStateMachine: Sendable, Equatable {
    /// How many inputs there are, how many are read at once, the photos the caller takes (nil:
    /// every one, as pages and `inspect` do), and the most the decodes under way may need together.
    let files: Int
    let depth: Int
    let limit: Int?
    let memory: Int

    /// How many files the caller has asked for (it is deciding the last), and the next to start.
    private(set) var asked = 0
    private(set) var next = 0
    /// Files started and not yet finished reading.
    private(set) var reading = 0
    /// Files whose header already ruled them out: they take no room.
    private(set) var refused: Set<Int> = []
    /// The photos the caller has taken so far.
    var taken = 0
    /// The memory the decodes under way need, and the decodes waiting for room (need by index).
    private(set) var committed = 0
    private(set) var waiting: [Int: Int] = [:]
    /// After `stop()`: nothing more is started or handed over.
    private(set) var stopped = false

    init(files: Int, depth: Int, limit: Int?, memory: Int) {
        self.files = files
        self.depth = max(1, depth)
        self.limit = limit
        self.memory = memory
    }

    /// What the prefetcher does when the caller asks for its next file: hand over file `index`,
    /// once the files `starting` are started (it is among those started by then).
    struct Ask: Equatable {
        let index: Int
        let starting: [Int]
    }

    /// The caller asks for its next file, in order; nil after the last, or once stopped.
    mutating func ask() -> Ask? {
        guard !stopped, asked < files else { return nil }
        asked += 1
        return Ask(index: asked - 1, starting: fill())
    }

    /// File `index` finished reading (`refused`: its header ruled it out); the files to start now.
    mutating func finished(_ index: Int, refused isRefused: Bool) -> [Int] {
        reading -= 1
        if isRefused { refused.insert(index) }
        return fill()
    }

    /// Whether file `index`'s decode, needing `need` bytes, may run now: when it fits beside
    /// those under way (or none is under way) and no earlier file waits. Otherwise it waits.
    mutating func reserve(_ need: Int, for index: Int) -> Bool {
        guard waiting.isEmpty, fits(need) else {
            waiting[index] = need
            return false
        }
        committed += need
        return true
    }

    /// A decode needing `need` bytes finished: the earliest waiting ones that now fit run, in order.
    mutating func release(_ need: Int) -> [Int] {
        committed -= need
        var ready: [Int] = []
        while let first = waiting.keys.min(), let next = waiting[first], fits(next) {
            waiting[first] = nil
            committed += next
            ready.append(first)
        }
        return ready
    }

    /// The caller has ended: nothing more is started.
    mutating func stop() {
        stopped = true
    }

    /// Starts files in order while fewer than `depth` are reading, no more than `2 * depth - 1`
    /// are ahead of the caller, and the photos still to take could use them all: a file is only
    /// started if the files from the caller's current one up to it, were they all taken, would
    /// leave room for it. The current file, which the caller waits for, always starts.
    private mutating func fill() -> [Int] {
        guard !stopped else { return [] }
        let (room, current) = (limit.map { $0 - taken } ?? .max, asked - 1)
        var candidates = (current..<max(current, next)).count(where: { !refused.contains($0) })
        var started: [Int] = []
        while next < files, reading < depth, next - current < 2 * depth - 1 {
            if next > current && candidates >= room { break }
            started.append(next)
            reading += 1
            candidates += 1
            next += 1
        }
        return started
    }

    private func fits(_ need: Int) -> Bool {
        committed == 0 || committed + need <= memory
    }
}
