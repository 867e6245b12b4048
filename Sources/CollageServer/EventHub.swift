internal import CollageLocking
internal import NIOCore

/// The events `/events` sends. Each is numbered (the SSE `id:`) and encoded once, framing
/// included, into one buffer every client shares; the newest `historyLimit` are kept, so a
/// browser that reconnects with `Last-Event-ID` gets what it missed. Publishing hands the bytes
/// to every client's connection at once, without a task, a wait or a wake-up per client (a task
/// per client per event cost 64 pages twice what the writes themselves cost); the connection
/// drops a client that cannot keep up (`EventConnection`) instead of buffering without limit.
final class EventHub: Sendable {
    /// One numbered event: `id: N` and `data: JSON` lines, as the client receives them.
    struct Event: Sendable {
        let id: Int
        let bytes: ByteBuffer
    }

    /// Where one client's bytes go, in the order given: its HTTP response in the server
    /// (`EventConnection`), a recording in tests. Never waits.
    protocol Connection: Sendable {
        func send(_ bytes: ByteBuffer)
    }

    /// One client's place among the hub's: from `start()` on it is sent every event.
    final class Subscription: Sendable {
        private let hub: EventHub
        private let key: Int

        fileprivate init(hub: EventHub, key: Int) {
            self.hub = hub
            self.key = key
        }

        /// Sends the kept events after the client's last one, then every new one as it is
        /// published: called once the response's head has been written.
        func start() { hub.start(key) }

        /// Returns once the hub closes or the client has gone (`cancel`), or the task is cancelled.
        func ended() async {
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    if !hub.wait(key, continuation) { continuation.resume() }
                }
            } onCancel: {
                hub.remove(key)
            }
        }

        /// This client has gone: it is sent nothing more.
        func cancel() { hub.remove(key) }
    }

    private struct Client {
        let connection: any Connection
        /// Until it starts, the id after which it is sent the kept events; from then on it is
        /// sent each event as it is published.
        let after: Int
        var started = false
        var waiting: CheckedContinuation<Void, Never>?
    }

    private struct State {
        var nextID: Int
        var history: [Event] = []
        var clients: [Int: Client] = [:]
        var nextClient = 0
        var closed = false
    }

    /// A comment line: a connection whose peer has gone is noticed at the next write.
    private static let keepAliveBytes = ByteBuffer(string: ": keep-alive\n\n")

    /// Events a new client is sent first.
    let historyLimit: Int
    /// This run's first event's number.
    let firstID: Int
    private let state: Locked<State>

    /// No limit of its own on clients: each is a connection, and `--serve-max-clients` bounds
    /// those (`ConnectionSlots`), making room by closing one. A limit here too would refuse a
    /// page in the moment a closed connection has not yet left the hub, and an EventSource
    /// refused with an HTTP error stops for good. Events are numbered from `firstID`: the
    /// server gives each run its own (`firstID(microsecondsSinceEpoch:)`), so a page never
    /// takes one run's event for another's.
    init(historyLimit: Int = 256, firstID: Int = 1) {
        self.historyLimit = historyLimit
        self.firstID = max(firstID, 1)
        state = Locked(State(nextID: max(firstID, 1)))
    }

    /// A run's first event number, after every number an earlier run gave (after a crash too,
    /// with nothing written down): the time it starts in microseconds, as a run never gives a
    /// million events a second. A clock set back between runs only makes a page that resumes
    /// with the other run's number get every kept event (`subscribe`).
    static func firstID(microsecondsSinceEpoch: Int64) -> Int {
        Int(max(microsecondsSinceEpoch, 1))
    }

    /// Numbers and encodes the event, keeps it in the history and sends it to every started
    /// client. Under the lock, so every client gets the events in their order; a send only
    /// queues the bytes on the client's connection.
    @discardableResult
    func publish(_ json: String) -> Event {
        state.withLock { state in
            let event = Event(id: state.nextID, bytes: ByteBuffer(string: "id: \(state.nextID)\ndata: \(json)\n\n"))
            state.nextID += 1
            state.history.append(event)
            if state.history.count > historyLimit { state.history.removeFirst(state.history.count - historyLimit) }
            for client in state.clients.values where client.started { client.connection.send(event.bytes) }
            return event
        }
    }

    /// A new client, to be sent the kept events after `lastEventID` (all of them without one)
    /// and each new one once it starts. Nil when the hub is closed.
    func subscribe(after lastEventID: Int?, connection: any Connection) -> Subscription? {
        let key: Int? = state.withLock { state in
            guard !state.closed else { return nil }
            let key = state.nextClient
            state.nextClient += 1
            // At most the newest `historyLimit`, also for a resume from further back; a number
            // this run never gave (another run's) gets them all.
            let given = (firstID - 1)...(state.nextID - 1)
            let last = lastEventID.flatMap { given.contains($0) ? $0 : nil } ?? 0
            let after = max(last, state.nextID - 1 - historyLimit)
            state.clients[key] = Client(connection: connection, after: after)
            return key
        }
        return key.map { Subscription(hub: self, key: $0) }
    }

    /// A keep-alive comment to every started client, shared like an event but not numbered or kept.
    func keepAlive() {
        state.withLock { state in
            for client in state.clients.values where client.started { client.connection.send(Self.keepAliveBytes) }
        }
    }

    /// Clients connected now.
    var clientCount: Int { state.withLock { $0.clients.count } }

    /// Ends every client's stream, so their responses finish, and refuses new ones.
    func close() {
        let clients = state.withLock { state in
            state.closed = true
            defer { state.clients = [:] }
            return Array(state.clients.values)
        }
        for client in clients { client.waiting?.resume() }
    }

    private func start(_ key: Int) {
        state.withLock { state in
            guard let client = state.clients[key], !client.started else { return }
            for event in state.history where event.id > client.after { client.connection.send(event.bytes) }
            state.clients[key]?.started = true
        }
    }

    /// Stores `continuation` to be resumed when client `key` ends; false if it already has.
    private func wait(_ key: Int, _ continuation: CheckedContinuation<Void, Never>) -> Bool {
        state.withLock { state in
            guard state.clients[key] != nil else { return false }
            state.clients[key]?.waiting = continuation
            return true
        }
    }

    fileprivate func remove(_ key: Int) {
        let client = state.withLock { $0.clients.removeValue(forKey: key) }
        client?.waiting?.resume()
    }
}
