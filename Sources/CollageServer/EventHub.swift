internal import CollageLocking
internal import NIOCore

/// The events `/events` sends. Each is numbered (the SSE `id:`) and encoded once, framing
/// included, into one buffer every client shares; the newest `historyLimit` are kept, so a
/// browser that reconnects with `Last-Event-ID` gets what it missed, and each client is only a
/// position in that history. Publishing never waits and wakes only the clients waiting for an
/// event: a client still writing finds the new events when its write returns and sends them all
/// at once. A client more than `clientBuffer` events behind that is dropped (its connection
/// closed) instead of being buffered without limit.
final class EventHub: Sendable {
    /// One numbered event: `id: N` and `data: JSON` lines, as the client receives them.
    struct Event: Sendable {
        let id: Int
        let bytes: ByteBuffer
    }

    /// One client's place in the stream.
    final class Subscription: Sendable {
        private let hub: EventHub
        private let key: Int

        fileprivate init(hub: EventHub, key: Int) {
            self.hub = hub
            self.key = key
        }

        /// The bytes to send next (every event not sent yet, and a keep-alive comment when one is
        /// due), waiting for them; nil once the hub closes or drops this client, or the task is
        /// cancelled.
        func next() async -> [ByteBuffer]? {
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    if let ready = hub.take(key, orWait: continuation) { continuation.resume(returning: ready) }
                }
            } onCancel: {
                hub.remove(key)
            }
        }

        /// This client has gone: it stops counting against the limit.
        func cancel() { hub.remove(key) }
    }

    private struct Client {
        /// The id of the last event handed to it.
        var sent: Int
        var keepAlive = false
        var waiting: CheckedContinuation<[ByteBuffer]?, Never>?
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

    /// A comment line: a connection whose peer has gone is noticed at the next write.
    private static let keepAliveBytes = ByteBuffer(string: ": keep-alive\n\n")

    /// Events a new client is sent first.
    let historyLimit: Int
    /// How many more a client may fall behind: kept too, so a client is dropped only once an
    /// event it has not been sent is forgotten.
    let clientBuffer: Int
    let clientLimit: Int
    private let state = Locked(State())

    init(historyLimit: Int = 256, clientBuffer: Int = 64, clientLimit: Int) {
        self.historyLimit = historyLimit
        self.clientBuffer = clientBuffer
        self.clientLimit = clientLimit
    }

    /// Numbers and encodes the event, keeps it in the history and wakes the clients waiting for
    /// one, without waiting; drops the clients it leaves too far behind.
    @discardableResult
    func publish(_ json: String) -> Event {
        let (event, woken, behind) = state.withLock { state in
            let event = Event(id: state.nextID, bytes: ByteBuffer(string: "id: \(state.nextID)\ndata: \(json)\n\n"))
            state.nextID += 1
            state.history.append(event)
            let kept = historyLimit + clientBuffer
            if state.history.count > kept { state.history.removeFirst(state.history.count - kept) }
            let oldest = state.history[0].id
            var woken: [(CheckedContinuation<[ByteBuffer]?, Never>, [ByteBuffer])] = []
            var behind: [Client] = []
            for (key, client) in state.clients {
                if let waiting = client.waiting {
                    state.clients[key]?.waiting = nil
                    state.clients[key]?.sent = event.id
                    woken.append((waiting, [event.bytes]))
                } else if client.sent < oldest - 1 {
                    // Its next event has left the history: it cannot be caught up.
                    behind.append(client)
                    state.clients[key] = nil
                }
            }
            return (event, woken, behind)
        }
        // Outside the lock: a resumed client may run at once and take it.
        for (waiting, bytes) in woken { waiting.resume(returning: bytes) }
        for client in behind { client.drop() }
        return event
    }

    /// A new client: first the kept events after `lastEventID` (all of them without one), then
    /// each new event. Nil when `clientLimit` clients are already connected or the hub is closed.
    /// `drop` is called if the client falls behind.
    func subscribe(after lastEventID: Int?, drop: @escaping @Sendable () -> Void) -> Subscription? {
        let key: Int? = state.withLock { state in
            guard !state.closed, state.clients.count < clientLimit else { return nil }
            let key = state.nextClient
            state.nextClient += 1
            // At most the newest `historyLimit`, also for a resume from further back (or from
            // another run's numbering).
            let sent = min(max(lastEventID ?? 0, state.nextID - 1 - historyLimit), state.nextID - 1)
            state.clients[key] = Client(sent: sent, drop: drop)
            return key
        }
        return key.map { Subscription(hub: self, key: $0) }
    }

    /// A keep-alive comment to every client, shared like an event but not numbered or kept.
    func keepAlive() {
        let woken = state.withLock { state in
            var woken: [CheckedContinuation<[ByteBuffer]?, Never>] = []
            for (key, client) in state.clients {
                if let waiting = client.waiting {
                    state.clients[key]?.waiting = nil
                    woken.append(waiting)
                } else {
                    state.clients[key]?.keepAlive = true
                }
            }
            return woken
        }
        for waiting in woken { waiting.resume(returning: [Self.keepAliveBytes]) }
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
        for client in clients { client.waiting?.resume(returning: nil) }
    }

    /// What client `key` sends next, or nil after storing `continuation` to be resumed by the
    /// next event. A client gone (dropped, closed, cancelled) is resumed at once with nil.
    private func take(_ key: Int, orWait continuation: CheckedContinuation<[ByteBuffer]?, Never>) -> [ByteBuffer]?? {
        state.withLock { state -> [ByteBuffer]?? in
            guard var client = state.clients[key] else { return .some(nil) }
            var ready: [ByteBuffer] = []
            if client.keepAlive {
                ready.append(Self.keepAliveBytes)
                client.keepAlive = false
            }
            if let last = state.history.last, last.id > client.sent {
                let start = state.history.firstIndex { $0.id > client.sent } ?? state.history.endIndex
                ready += state.history[start...].map(\.bytes)
                client.sent = last.id
            }
            if ready.isEmpty { client.waiting = continuation }
            state.clients[key] = client
            return ready.isEmpty ? nil : .some(ready)
        }
    }

    fileprivate func remove(_ key: Int) {
        let client = state.withLock { $0.clients.removeValue(forKey: key) }
        client?.waiting?.resume(returning: nil)
    }
}
