internal import CollageLocking

/// The events `/events` sends: each numbered (the SSE `id:`), the newest `historyLimit` kept so a
/// browser that reconnects with `Last-Event-ID` gets what it missed, and handed to every connected
/// client through its own bounded buffer. Publishing never waits: a client whose buffer is full
/// is dropped (its connection closed) instead of being buffered without limit.
final class EventHub: Sendable {
    /// One numbered event, already encoded as the JSON object `watch --json` prints.
    struct Event: Sendable, Equatable {
        let id: Int
        let json: String
    }

    /// What a client receives: the events, in order, until the hub closes or drops it.
    struct Subscription: Sendable {
        let events: AsyncStream<Event>
        let cancel: @Sendable () -> Void
    }

    private struct Client {
        let continuation: AsyncStream<Event>.Continuation
        /// Closes the client's connection: a write waiting on a client that never reads ends too.
        let drop: @Sendable () -> Void
    }

    private struct State {
        var nextID = 1
        var history: [Event] = []
        var clients: [Int: Client] = [:]
        var nextClient = 0
        var closed = false
    }

    let historyLimit: Int
    let clientBuffer: Int
    let clientLimit: Int
    private let state = Locked(State())

    init(historyLimit: Int = 256, clientBuffer: Int = 64, clientLimit: Int) {
        self.historyLimit = historyLimit
        self.clientBuffer = clientBuffer
        self.clientLimit = clientLimit
    }

    /// Numbers the event, keeps it in the history and offers it to every client, without waiting.
    @discardableResult
    func publish(_ json: String) -> Event {
        let (event, behind) = state.withLock { state in
            let event = Event(id: state.nextID, json: json)
            state.nextID += 1
            state.history.append(event)
            if state.history.count > historyLimit { state.history.removeFirst(state.history.count - historyLimit) }
            var behind: [Client] = []
            for (key, client) in state.clients {
                if case .dropped = client.continuation.yield(event) {
                    behind.append(client)
                    state.clients[key] = nil
                }
            }
            return (event, behind)
        }
        // Outside the lock: finishing runs the stream's termination handler, which takes it.
        for client in behind {
            client.continuation.finish()
            client.drop()
        }
        return event
    }

    /// A new client: first the kept events after `lastEventID` (all of them without one), then
    /// each new event. Nil when `clientLimit` clients are already connected or the hub is closed.
    /// `drop` is called if the client falls behind.
    func subscribe(after lastEventID: Int?, drop: @escaping @Sendable () -> Void) -> Subscription? {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingOldest(clientBuffer + historyLimit))
        let key: Int? = state.withLock { state in
            guard !state.closed, state.clients.count < clientLimit else { return nil }
            for event in state.history where event.id > (lastEventID ?? 0) { continuation.yield(event) }
            let key = state.nextClient
            state.nextClient += 1
            state.clients[key] = Client(continuation: continuation, drop: drop)
            return key
        }
        guard let key else { return nil }
        continuation.onTermination = { [weak self] _ in self?.remove(key) }
        return Subscription(events: stream, cancel: { continuation.finish() })
    }

    /// A comment line to every client (id 0, not kept): a connection whose peer has gone is
    /// noticed at the next write, not left open.
    func keepAlive() {
        let clients = state.withLock { Array($0.clients.values) }
        for client in clients { client.continuation.yield(Event(id: 0, json: "")) }
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
        for client in clients { client.continuation.finish() }
    }

    private func remove(_ key: Int) {
        state.withLock { $0.clients[key] = nil }
    }
}
