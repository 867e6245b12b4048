@testable import CollageServer
import Testing

/// `--serve-max-clients` as a value: which connection a new one replaces when every slot is
/// taken, and when it is refused.
@Suite("ConnectionSlots: a new connection takes the slot of one that serves no one")
struct ConnectionSlotsTests {
    private func full(_ uses: [ConnectionSlots<Int>.Use]) -> ConnectionSlots<Int> {
        var slots = ConnectionSlots<Int>(limit: uses.count)
        for (key, use) in uses.enumerated() {
            #expect(slots.admit(key) { _ in false } == .admitted)
            slots.set(key, use)
        }
        return slots
    }

    @Test func belowTheLimitEveryConnectionIsAdmitted() {
        var slots = ConnectionSlots<Int>(limit: 3)
        #expect((0..<3).map { slots.admit($0) { _ in false } } == [.admitted, .admitted, .admitted])
        #expect(slots.count == 3)
    }

    @Test func aConnectionWaitingTheLongestGoesFirst() {
        var slots = full([.answering, .waiting, .streaming, .waiting])
        #expect(slots.admit(10) { _ in true } == .admittedEvicting(1))
        #expect(slots.admit(11) { _ in true } == .admittedEvicting(3))
        #expect(slots.use(of: 1) == nil && slots.use(of: 10) == .waiting && slots.count == 4)
    }

    @Test func aConnectionBackToWaitingCountsFromThen() {
        var slots = full([.waiting, .waiting])
        slots.set(0, .answering)
        slots.set(0, .waiting)
        #expect(slots.admit(10) { _ in false } == .admittedEvicting(1))
    }

    @Test func thenAResponseTheClientDoesNotTake() {
        var slots = full([.answering, .streaming, .answering])
        #expect(slots.admit(10) { $0 == 2 } == .admittedEvicting(2))
        slots.set(10, .answering)
        #expect(slots.admit(11) { $0 == 1 } == .admittedEvicting(1))
    }

    @Test func thenTheOldestEventStream() {
        var slots = full([.answering, .streaming, .streaming])
        #expect(slots.admit(10) { _ in false } == .admittedEvicting(1))
    }

    @Test func responsesBeingTakenAreNeverCutAndTheNewConnectionIsRefused() {
        var slots = full([.answering, .answering])
        #expect(slots.admit(10) { _ in false } == .refused)
        #expect(slots.count == 2 && slots.use(of: 10) == nil)
        slots.remove(0)
        #expect(slots.admit(10) { _ in false } == .admitted)
    }
}
