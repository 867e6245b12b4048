internal import CollageLocking
@testable import CollageServer
import NIOCore
import Testing

/// `/events` without a socket: the hub's bytes, each client's place in its history, and the
/// rules that keep a slow client from holding anything.
@Suite("EventHub: events encoded once, shared, resumed and dropped")
struct EventHubTests {
    private func subscribe(_ hub: EventHub, after last: Int? = nil, drop: @escaping @Sendable () -> Void = {}) throws -> EventHub.Subscription {
        let subscription = hub.subscribe(after: last, drop: drop)
        return try #require(subscription)
    }

    /// The next bytes a client sends, as text; nil when its stream has ended.
    private func next(_ client: EventHub.Subscription) async -> [String]? {
        await client.next()?.map { String(buffer: $0) }
    }

    private func storage(_ buffer: ByteBuffer) -> UnsafeRawPointer? {
        buffer.withUnsafeReadableBytes { UnsafeRawPointer($0.baseAddress) }
    }

    @Test func everyClientIsSentTheSameBytesEncodedOnce() async throws {
        let hub = EventHub(clientLimit: 4)
        let first = try subscribe(hub)
        let second = try subscribe(hub)
        hub.publish(#"{"type":"added"}"#)
        let a = await first.next() ?? []
        let b = await second.next() ?? []
        #expect(a.map { String(buffer: $0) } == ["id: 1\ndata: {\"type\":\"added\"}\n\n"])
        #expect(a.count == 1 && b.count == 1 && storage(a[0]) == storage(b[0]))
    }

    @Test func aClientGetsEverythingThatCameDuringItsLastWriteAtOnce() async throws {
        let hub = EventHub(clientLimit: 4)
        let client = try subscribe(hub)
        for kind in ["a", "b", "c"] { hub.publish(kind) }
        let three = await next(client)
        #expect(three == ["id: 1\ndata: a\n\n", "id: 2\ndata: b\n\n", "id: 3\ndata: c\n\n"])
        // Waiting now, or about to: the next event is all it gets.
        let waiting = Task { await next(client) }
        hub.publish("d")
        let one = await waiting.value
        #expect(one == ["id: 4\ndata: d\n\n"])
    }

    @Test func aReconnectingClientResumesAfterItsLastEventID() async throws {
        let hub = EventHub(historyLimit: 3, clientLimit: 4)
        for kind in ["a", "b", "c", "d", "e"] { hub.publish(kind) }
        let resumed = await next(try subscribe(hub, after: 3))
        #expect(resumed == ["id: 4\ndata: d\n\n", "id: 5\ndata: e\n\n"])
        // A first connection, or one from too long ago, gets the newest `historyLimit`.
        let first = await next(try subscribe(hub))
        let old = await next(try subscribe(hub, after: 1))
        #expect(first == ["id: 3\ndata: c\n\n", "id: 4\ndata: d\n\n", "id: 5\ndata: e\n\n"] && old == first)
    }

    @Test func aClientThatFallsTooFarBehindIsDroppedAndOneThatKeepsUpIsNot() async throws {
        let hub = EventHub(historyLimit: 2, clientBuffer: 1, clientLimit: 4)
        let dropped = Locked(false)
        let stuck = try subscribe(hub) { dropped.withLock { $0 = true } }
        let reading = try subscribe(hub) { Issue.record("a client that keeps up was dropped") }
        for number in 1...3 {
            hub.publish("\(number)")
            let sent = await next(reading)
            #expect(sent == ["id: \(number)\ndata: \(number)\n\n"])
        }
        // Three kept (two for a new client and one more): the stuck one can still be caught up.
        #expect(!dropped.withLock { $0 } && hub.clientCount == 2)
        hub.publish("4")
        #expect(dropped.withLock { $0 } && hub.clientCount == 1)
        let ended = await next(stuck)
        let last = await next(reading)
        #expect(ended == nil && last == ["id: 4\ndata: 4\n\n"])
    }

    @Test func keepAliveIsOneSharedCommentForWaitingAndBusyClients() async throws {
        let hub = EventHub(clientLimit: 4)
        let busy = try subscribe(hub)
        let idle = try subscribe(hub)
        let waiting = Task { await idle.next() }
        hub.keepAlive()
        // Woken by it, or finding it owed when it asks: either way the comment alone.
        let woken = await waiting.value ?? []
        #expect(woken.map { String(buffer: $0) } == [": keep-alive\n\n"])
        hub.publish("a")
        let later = await busy.next() ?? []
        #expect(later.map { String(buffer: $0) } == [": keep-alive\n\n", "id: 1\ndata: a\n\n"])
        #expect(later.count == 2 && woken.count == 1 && storage(later[0]) == storage(woken[0]))
    }

    @Test func theLimitCountsConnectedClientsAndCloseEndsThemAll() async throws {
        let hub = EventHub(clientLimit: 2)
        let first = try subscribe(hub)
        let second = try subscribe(hub)
        #expect(hub.subscribe(after: nil, drop: {}) == nil)
        first.cancel()
        let cancelled = await next(first)
        #expect(cancelled == nil)
        let third = try subscribe(hub)
        let waiting = Task { await next(second) }
        hub.close()
        let ended = await waiting.value
        let endedToo = await next(third)
        #expect(ended == nil && endedToo == nil)
        #expect(hub.subscribe(after: nil, drop: {}) == nil && hub.clientCount == 0)
    }

    @Test func aCancelledClientStopsWaitingAndCounting() async throws {
        let hub = EventHub(clientLimit: 1)
        let client = try subscribe(hub)
        let waiting = Task { await client.next() }
        waiting.cancel()
        let ended = await waiting.value
        #expect(ended == nil && hub.clientCount == 0)
    }
}
