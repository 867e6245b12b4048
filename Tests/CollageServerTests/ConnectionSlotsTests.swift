@testable import CollageServer
import Testing

/// `--serve-max-clients` as a value, on time given by value: which connection a new one replaces
/// when every slot is taken, and when it is refused.
@Suite("ConnectionSlots: a new connection takes the slot of one that serves no one")
struct ConnectionSlotsTests {
    private typealias Slots = ConnectionSlots<Int, String>

    /// Connection `key` from peer `peers[key]` (each its own peer when not given), in `uses[key]`.
    private func full(_ uses: [Slots.Use], peers: [String]? = nil) -> Slots {
        var slots = Slots(limit: uses.count, stallAfter: .seconds(5))
        for (key, use) in uses.enumerated() {
            #expect(slots.admit(key, from: peers?[key] ?? "peer-\(key)", at: .zero) == .admitted)
            slots.set(key, use)
        }
        return slots
    }

    @Test func belowTheLimitEveryConnectionIsAdmitted() {
        var slots = Slots(limit: 3)
        #expect((0..<3).map { slots.admit($0, from: "guest", at: .zero) } == [.admitted, .admitted, .admitted])
        #expect(slots.count == 3)
    }

    @Test func aConnectionWaitingTheLongestGoesFirst() {
        var slots = full([.answering, .waiting, .streaming, .waiting])
        #expect(slots.admit(10, from: "new", at: .zero) == .admittedEvicting(1))
        #expect(slots.admit(11, from: "new", at: .zero) == .admittedEvicting(3))
        #expect(slots.use(of: 1) == nil && slots.use(of: 10) == .waiting && slots.count == 4)
    }

    @Test func aConnectionBackToWaitingCountsFromThen() {
        var slots = full([.waiting, .waiting])
        slots.set(0, .answering)
        slots.set(0, .waiting)
        #expect(slots.admit(10, from: "new", at: .zero) == .admittedEvicting(1))
    }

    /// Stalled is no progress for `stallAfter` with a write waiting: a client that took a part
    /// a moment ago is progressing, however full its buffer is now.
    @Test func thenAResponseWhoseClientTookNothingForAWhile() {
        var slots = full([.answering, .answering, .answering])
        slots.wrote(1, at: .seconds(1))
        slots.wrote(2, at: .seconds(1))
        slots.taken(2, at: .seconds(3))
        slots.wrote(2, at: .seconds(3))
        // At 5.9 s no one has waited 5 s: no stalled download, and each is its own peer.
        #expect(slots.admit(10, from: "new", at: .milliseconds(5900)) == .refused)
        #expect(slots.admit(10, from: "new", at: .seconds(6)) == .admittedEvicting(1))
        slots.set(10, .answering)
        // Connection 2 took a part at 3 s: stalled only from 8 s. Before, the newcomer's peer,
        // holding two with it, gives way.
        #expect(slots.admit(11, from: "new", at: .seconds(7)) == .admittedEvicting(10))
        slots.set(11, .answering)
        #expect(slots.admit(12, from: "other", at: .seconds(7)) == .refused)
        #expect(slots.admit(12, from: "other", at: .seconds(8)) == .admittedEvicting(2))
    }

    @Test func aResponseWithNothingWaitingIsNeverStalled() {
        var slots = full([.streaming, .answering])
        slots.wrote(0, at: .zero)
        slots.taken(0, at: .zero)
        #expect(slots.admit(10, from: "new", at: .seconds(3600)) == .admittedEvicting(0))
    }

    /// A peer flooding `/events` loses its own streams, never the screen's one.
    @Test func thenTheOldestStreamOfThePeerHoldingTheMost() {
        var slots = full([.streaming, .streaming, .answering, .streaming], peers: ["screen", "flood", "flood", "flood"])
        #expect(slots.admit(10, from: "flood", at: .zero) == .admittedEvicting(1))
        slots.set(10, .streaming)
        #expect(slots.admit(11, from: "flood", at: .zero) == .admittedEvicting(3))
        slots.set(11, .streaming)
        #expect(slots.admit(12, from: "flood", at: .zero) == .admittedEvicting(10))
        slots.set(12, .streaming)
        // The screen reconnecting, from its one address, takes a flood's slot too.
        slots.remove(0)
        #expect(slots.admit(13, from: "flood", at: .zero) == .admitted)
        slots.set(13, .streaming)
        #expect(slots.admit(14, from: "screen", at: .zero) == .admittedEvicting(11))
        #expect(slots.use(of: 2) == .answering)
    }

    @Test func aCrowdedPeerWithNoStreamLosesItsOwnOldestDownloadNeverAnothers() {
        var slots = full([.answering, .answering, .answering], peers: ["guest", "flood", "flood"])
        #expect(slots.admit(10, from: "flood", at: .zero) == .admittedEvicting(1))
        #expect(slots.use(of: 0) == .answering)
    }

    @Test func ofPeersHoldingAsManyTheOneThatCameLastGivesWay() {
        var slots = full([.streaming, .answering, .streaming, .answering], peers: ["screen", "screen", "late", "late"])
        #expect(slots.admit(10, from: "new", at: .zero) == .admittedEvicting(2))
    }

    @Test func whenEveryPeerHoldsOneSlotTheOldestEventStream() {
        var slots = full([.answering, .streaming, .streaming])
        #expect(slots.admit(10, from: "new", at: .zero) == .admittedEvicting(1))
    }

    @Test func progressingResponsesOfOthersAreNeverCutAndTheNewConnectionIsRefused() {
        var slots = full([.answering, .answering])
        #expect(slots.admit(10, from: "new", at: .zero) == .refused)
        #expect(slots.count == 2 && slots.use(of: 10) == nil)
        slots.remove(0)
        #expect(slots.admit(10, from: "new", at: .zero) == .admitted)
    }
}
