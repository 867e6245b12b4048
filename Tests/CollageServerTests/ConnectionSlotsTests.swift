@testable import CollageServer
import Testing

/// `--serve-max-clients` as a value, on time given by value: the screen's slots, which no guest
/// takes, the guests' bound per address, which connection a new one replaces when every slot is
/// taken, and the queue a new one waits in when none can give way.
@Suite("ConnectionSlots: the screen keeps its slots, guests are bounded per address, none cuts a download")
struct ConnectionSlotsTests {
    typealias Slots = ConnectionSlots<Int, String>

    static func guest(_ peer: String) -> Slots.Client { .guest(peer) }

    /// Connection `key` from `clients[key]` (each its own guest when not given), in `uses[key]`.
    private func full(_ uses: [Slots.Use], clients: [Slots.Client]? = nil, perGuest: Int = 8) -> Slots {
        var slots = Slots(limit: uses.count, screenLimit: 4, perGuest: perGuest, stallAfter: .seconds(5), headGrace: .seconds(1))
        for (key, use) in uses.enumerated() {
            #expect(slots.admit(key, from: clients?[key] ?? Self.guest("peer-\(key)"), at: .zero) == .admitted(evicting: nil))
            slots.set(key, use)
        }
        return slots
    }

    @Test func belowTheLimitEveryConnectionIsAdmitted() {
        var slots = Slots(limit: 3)
        #expect((0..<3).map { slots.admit($0, from: .guest("guest-\($0)"), at: .zero) } == Array(repeating: .admitted(evicting: nil), count: 3))
        #expect(slots.count == 3)
    }

    @Test func aConnectionWaitingTheLongestGoesFirst() {
        var slots = full([.answering, .waiting, .streaming, .waiting])
        #expect(slots.admit(10, from: .guest("new"), at: .seconds(2)) == .admitted(evicting: 1))
        #expect(slots.admit(11, from: .guest("new"), at: .seconds(2)) == .admitted(evicting: 3))
        #expect(slots.use(of: 1) == nil && slots.use(of: 10) == .waiting && slots.count == 4)
    }

    @Test func aConnectionBackToWaitingCountsFromThen() {
        var slots = full([.waiting, .waiting])
        slots.set(0, .answering)
        slots.set(0, .waiting)
        #expect(slots.admit(10, from: .guest("new"), at: .seconds(2)) == .admitted(evicting: 1))
    }

    /// A new connection's first request is on its way for a moment: its slot is not taken then
    /// (a phone's page would fail); a head dripped slowly is, once the moment is over. An idle
    /// connection between requests gives way at once.
    @Test func aNewConnectionsFirstRequestHasAMomentToArrive() {
        #expect(Slots(limit: 1).headGrace == .seconds(3))
        var slots = full([.answering, .waiting])
        #expect(slots.admit(10, from: .guest("new"), at: .milliseconds(999)) == .queued(evicting: nil))
        #expect(slots.promote(at: .seconds(1)) == [.init(key: 10, evicting: 1)])
        slots.set(10, .answering)
        slots.set(10, .waiting)
        #expect(slots.admit(11, from: .guest("newer"), at: .seconds(1)) == .admitted(evicting: 10))
    }

    /// Stalled is no progress for `stallAfter` with a write waiting: a client that took a part
    /// a moment ago is progressing, however full its buffer is now.
    @Test func thenAResponseWhoseClientTookNothingForAWhile() {
        var slots = full([.answering, .answering, .answering])
        slots.wrote(1, at: .seconds(1))
        slots.wrote(2, at: .seconds(1))
        slots.taken(2, at: .seconds(3))
        slots.wrote(2, at: .seconds(3))
        // At 5.9 s no one has waited 5 s: no stalled download, so the newcomer waits its turn.
        #expect(slots.admit(10, from: .guest("new"), at: .milliseconds(5900)) == .queued(evicting: nil))
        #expect(slots.promote(at: .milliseconds(5950)) == [])
        #expect(slots.promote(at: .seconds(6)) == [.init(key: 10, evicting: 1)])
        slots.set(10, .answering)
        // Connection 2 took a part at 3 s: stalled only from 8 s.
        #expect(slots.admit(11, from: .guest("other"), at: .seconds(7)) == .queued(evicting: nil))
        #expect(slots.admit(12, from: .guest("other"), at: .seconds(8)) == .queued(evicting: nil))
        #expect(slots.promote(at: .seconds(8)) == [.init(key: 11, evicting: 2)])
        #expect(slots.queued == [12])
    }

    /// A download read slowly but steadily: NIO always holds a part or two the client has not
    /// taken, but each part it takes is progress. Never stalled, never cut, however long it lasts.
    @Test func aDownloadReadSlowlyButSteadilyIsNeverStalled() throws {
        var slots = full([.answering, .answering])
        slots.wrote(0, at: .zero)
        slots.wrote(0, at: .zero)
        for second in 1...60 {
            let now = Duration.seconds(second)
            slots.taken(0, at: now)
            slots.wrote(0, at: now)
            try #require(slots.admit(100 + second, from: .guest("newcomer-\(second)"), at: now + .milliseconds(900)) == .queued(evicting: nil),
                         "second \(second)")
            #expect(slots.promote(at: now + .milliseconds(950)) == [], "second \(second)")
            slots.remove(100 + second)
        }
        #expect(slots.use(of: 0) == .answering)
    }

    @Test func aResponseWithNothingWaitingIsNeverStalled() {
        var slots = full([.streaming, .answering])
        slots.wrote(0, at: .zero)
        slots.taken(0, at: .zero)
        #expect(slots.admit(10, from: .guest("new"), at: .seconds(3600)) == .admitted(evicting: 0))
    }

    /// The screen's stream, its picture and its page: no guest takes one, even an idle one, and
    /// they never take each other's while they work.
    @Test func theScreensConnectionsAreItsOwnNoGuestTakesOne() {
        var slots = Slots(limit: 2, screenLimit: 3)
        for (key, use) in [Slots.Use.streaming, .answering, .waiting].enumerated() {
            #expect(slots.admit(key, from: .screen, at: .zero) == .admitted(evicting: nil))
            slots.set(key, use)
        }
        // Guests fill their own slots, then stream and flood from every side.
        for key in 10..<40 {
            let admission = slots.admit(key, from: .guest("guest-\(key % 7)"), at: .seconds(key))
            if case .admitted(let evicted?) = admission { #expect(evicted >= 10) }
            slots.set(key, .streaming)
        }
        #expect([0, 1, 2].map { slots.use(of: $0) } == [.streaming, .answering, .waiting])
        // The screen's fourth takes only its own idle one; its fifth, with none idle, is refused.
        #expect(slots.admit(3, from: .screen, at: .seconds(50)) == .admitted(evicting: 2))
        slots.set(3, .answering)
        #expect(slots.admit(4, from: .screen, at: .seconds(50)) == .refused)
        #expect([0, 1, 3].map { slots.use(of: $0) } == [.streaming, .answering, .answering])
    }

    /// A guest flooding `/events` (or anything) from one address churns through its own slots.
    @Test func aGuestAtItsBoundTakesItsOwnOldestNeverAnothers() {
        var slots = Slots(limit: 10, perGuest: 3)
        #expect(slots.admit(0, from: .guest("phone"), at: .zero) == .admitted(evicting: nil))
        slots.set(0, .streaming)
        for key in 1...3 {
            #expect(slots.admit(key, from: .guest("flood"), at: .zero) == .admitted(evicting: nil))
            slots.set(key, key == 1 ? .answering : .streaming)
        }
        // Its streams go first, the oldest first, then its response.
        #expect(slots.admit(4, from: .guest("flood"), at: .zero) == .admitted(evicting: 2))
        slots.set(4, .answering)
        #expect(slots.admit(5, from: .guest("flood"), at: .zero) == .admitted(evicting: 3))
        slots.set(5, .answering)
        #expect(slots.admit(6, from: .guest("flood"), at: .zero) == .admitted(evicting: 1))
        #expect(slots.use(of: 0) == .streaming && slots.count == 4)
    }

    @Test func ofStreamsTheAddressHoldingTheMostGivesWayItsOldestFirst() {
        var slots = full([.streaming, .answering, .streaming, .streaming, .streaming],
                         clients: [.guest("phone"), .guest("phone"), .guest("late"), .guest("flood"), .guest("flood")])
        #expect(slots.admit(10, from: .guest("new"), at: .zero) == .admitted(evicting: 3))
        slots.set(10, .streaming)
        // Now every address holds one stream: the oldest goes, whoever holds it.
        #expect(slots.admit(11, from: .guest("another"), at: .zero) == .admitted(evicting: 0))
        #expect(slots.use(of: 1) == .answering)
    }

    /// When every slot is another address's download making progress, the newcomer waits,
    /// unread, and gets the first slot that frees or that goes idle, first come first.
    @Test func aProgressingResponseIsNeverCutTheNewcomerWaitsItsTurn() {
        var slots = full([.answering, .answering])
        #expect(slots.admit(10, from: .guest("new"), at: .zero) == .queued(evicting: nil))
        #expect(slots.admit(11, from: .guest("newer"), at: .zero) == .queued(evicting: nil))
        #expect(slots.count == 2 && slots.use(of: 10) == nil && slots.queued == [10, 11])
        // The queue is as long as the slots; beyond it a connection is refused.
        #expect(slots.admit(12, from: .guest("third"), at: .zero) == .refused)
        slots.remove(0)
        #expect(slots.promote(at: .zero) == [.init(key: 10, evicting: nil)])
        slots.set(10, .answering)
        slots.set(1, .waiting)
        #expect(slots.promote(at: .zero) == [.init(key: 11, evicting: 1)])
        #expect(slots.queued.isEmpty && slots.use(of: 11) == .waiting)
        // A queued connection that closes leaves the queue.
        #expect(slots.admit(13, from: .guest("gone"), at: .zero) == .queued(evicting: nil))
        slots.remove(13)
        #expect(slots.queued.isEmpty)
    }

    @Test func aGuestsQueuedConnectionsCountTowardsItsBound() {
        var slots = Slots(limit: 1, perGuest: 2, queueLimit: 4)
        #expect(slots.admit(0, from: .guest("phone"), at: .zero) == .admitted(evicting: nil))
        slots.set(0, .answering)
        #expect(slots.admit(1, from: .guest("flood"), at: .zero) == .queued(evicting: nil))
        #expect(slots.admit(2, from: .guest("flood"), at: .zero) == .queued(evicting: nil))
        #expect(slots.admit(3, from: .guest("flood"), at: .zero) == .queued(evicting: 1))
        #expect(slots.queued == [2, 3] && slots.use(of: 0) == .answering)
    }
}
