internal import CollageLocking
@testable import CollageServer
import NIOCore
import CollageTestSupport
import Testing

/// `/events` without a socket: the hub's bytes, what each client is sent and when, and the
/// clients it counts.
@Suite("EventHub: events encoded once, shared, resumed and ended")
struct EventHubTests {
    /// A client's connection that keeps what it was sent, in order.
    final class Recording: EventHub.Connection {
        private let sent = Locked<[ByteBuffer]>([])

        func send(_ bytes: ByteBuffer) { sent.withLock { $0.append(bytes) } }

        var texts: [String] { sent.withLock { $0.map { String(buffer: $0) } } }
        var buffers: [ByteBuffer] { sent.withLock { $0 } }
    }

    private func subscribe(_ hub: EventHub, after last: Int? = nil) throws -> (EventHub.Subscription, Recording) {
        let connection = Recording()
        let subscription = try #require(hub.subscribe(after: last, connection: connection))
        subscription.start()
        return (subscription, connection)
    }

    private func storage(_ buffer: ByteBuffer) -> UnsafeRawPointer? {
        buffer.withUnsafeReadableBytes { UnsafeRawPointer($0.baseAddress) }
    }

    @Test func everyClientIsSentTheSameBytesEncodedOnce() throws {
        let hub = EventHub()
        let (_, first) = try subscribe(hub)
        let (_, second) = try subscribe(hub)
        hub.publish(#"{"type":"added"}"#)
        #expect(first.texts == ["id: 1\ndata: {\"type\":\"added\"}\n\n"])
        #expect(second.buffers.count == 1 && storage(first.buffers[0]) == storage(second.buffers[0]))
    }

    @Test func aClientIsSentNothingBeforeItStartsThenWhatItMissedInOrder() throws {
        let hub = EventHub()
        hub.publish("a")
        let connection = Recording()
        let subscription = try #require(hub.subscribe(after: nil, connection: connection))
        // Its response's head is not written yet: nothing may go before it.
        hub.publish("b")
        hub.keepAlive()
        #expect(connection.texts.isEmpty)
        subscription.start()
        hub.publish("c")
        #expect(connection.texts == ["id: 1\ndata: a\n\n", "id: 2\ndata: b\n\n", "id: 3\ndata: c\n\n"])
    }

    @Test func aReconnectingClientResumesAfterItsLastEventID() throws {
        let hub = EventHub(historyLimit: 3)
        for kind in ["a", "b", "c", "d", "e"] { hub.publish(kind) }
        let (_, resumed) = try subscribe(hub, after: 3)
        #expect(resumed.texts == ["id: 4\ndata: d\n\n", "id: 5\ndata: e\n\n"])
        // A first connection, or one from too long ago, gets the newest `historyLimit`.
        let (_, first) = try subscribe(hub)
        let (_, old) = try subscribe(hub, after: 1)
        #expect(first.texts == ["id: 3\ndata: c\n\n", "id: 4\ndata: d\n\n", "id: 5\ndata: e\n\n"] && old.texts == first.texts)
    }

    /// Each run numbers its events from its own first number, after every number an earlier run
    /// gave (its start in microseconds): a page that resumes with the last run's number, or with
    /// one no run gave yet, gets every event this run kept; one of this run's, what it missed.
    @Test func eachRunNumbersFromItsOwnStartAndAResumeFromAnotherRunGetsItAll() throws {
        let first = EventHub.firstID(microsecondsSinceEpoch: 1_780_000_000_000_000)
        let earlier = EventHub(historyLimit: 3, firstID: EventHub.firstID(microsecondsSinceEpoch: 1_779_999_999_000_000))
        let hub = EventHub(historyLimit: 3, firstID: first)
        #expect(earlier.publish("old").id < first)
        for kind in ["a", "b", "c", "d"] { hub.publish(kind) }
        let ids = [first + 1, first + 2, first + 3]
        let expected = zip(ids, ["b", "c", "d"]).map { "id: \($0)\ndata: \($1)\n\n" }
        let (_, fromEarlierRun) = try subscribe(hub, after: first - 1_000)
        let (_, fromLaterRun) = try subscribe(hub, after: first + 1_000)
        let (_, resumed) = try subscribe(hub, after: first + 2)
        #expect(fromEarlierRun.texts == expected && fromLaterRun.texts == expected)
        #expect(resumed.texts == ["id: \(first + 3)\ndata: d\n\n"])
    }

    @Test func keepAliveIsOneSharedCommentNotNumberedOrKept() throws {
        let hub = EventHub()
        let (_, one) = try subscribe(hub)
        let (_, two) = try subscribe(hub)
        hub.keepAlive()
        hub.publish("a")
        #expect(one.texts == [": keep-alive\n\n", "id: 1\ndata: a\n\n"])
        #expect(storage(one.buffers[0]) == storage(two.buffers[0]))
        let (_, later) = try subscribe(hub)
        #expect(later.texts == ["id: 1\ndata: a\n\n"])
    }

    /// The connection slots bound the pages; the hub itself never refuses one while open (a
    /// refused EventSource would stop for good), and counts only those still connected.
    @Test func theHubCountsConnectedClientsRefusesNoneAndCloseEndsThemAll() async throws {
        try await withDeadline {
            let hub = EventHub()
            let (first, firstSent) = try subscribe(hub)
            let (second, _) = try subscribe(hub)
            #expect(hub.clientCount == 2)
            first.cancel()
            await first.ended()
            hub.publish("a")
            #expect(firstSent.texts.isEmpty)
            let (third, _) = try subscribe(hub)
            let waiting = Task { await second.ended() }
            hub.close()
            await waiting.value
            await third.ended()
            #expect(hub.subscribe(after: nil, connection: Recording()) == nil && hub.clientCount == 0)
        }
    }

    @Test func aCancelledTaskStopsWaitingAndCounting() async throws {
        try await withDeadline {
            let hub = EventHub()
            let (client, _) = try subscribe(hub)
            let waiting = Task { await client.ended() }
            waiting.cancel()
            await waiting.value
            #expect(hub.clientCount == 0)
        }
    }
}
