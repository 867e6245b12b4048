@testable import CollageServer
import CollageTestSupport
import Testing

/// The slot rule over long random days of connections from hundreds of addresses (a seeded
/// generator, so a failure replays): the screen, phones that read their downloads steadily,
/// clients that never read, a flood from one address, each opening, reading, streaming and
/// closing at random. After every step, what the value did is checked against what it
/// promises, from a model of each connection kept by the test.
@Suite("ConnectionSlots over random days of many addresses")
struct ConnectionSlotsPropertyTests {
    typealias Slots = ConnectionSlots<Int, String>

    /// What the test knows of one connection with a slot.
    struct Model {
        let client: Slots.Client
        /// Takes a write each time one is made, one always waiting; else never takes one.
        let reads: Bool
        let admitted: Duration
        var use: Slots.Use = .waiting
        var fresh = true
        var untaken = 0
        var progressed: Duration = .zero
    }

    struct Day {
        var slots: Slots
        var generator: SeededGenerator
        var now: Duration = .zero
        var models: [Int: Model] = [:]
        var queue: [(key: Int, client: Slots.Client)] = []
        var next = 0
        var problems: [String] = []
        /// How often each kind of thing happened: a day that never fills its slots proves little.
        var seen: [String: Int] = [:]

        mutating func check(_ condition: Bool, _ what: String) {
            if !condition && problems.count < 10 { problems.append("at \(now): " + what) }
        }

        func stalled(_ model: Model) -> Bool {
            model.use != .waiting && model.untaken > 0 && now - model.progressed >= slots.stallAfter
        }

        /// Whether `victim` may give its slot to a connection of `newcomer`, as the rule says.
        mutating func checkEviction(of victim: Int, for newcomer: Slots.Client) {
            guard let model = models[victim] else { return check(false, "evicted \(victim), which holds no slot") }
            seen[model.client == newcomer ? "own" : "\(model.use)", default: 0] += 1
            switch newcomer {
            case .screen:
                check(model.client == .screen && model.use == .waiting, "the screen took \(model) of \(victim)")
            case .guest:
                check(model.client != .screen, "a guest took the screen's connection \(victim) (\(model.use))")
                let own = model.client == newcomer
                let idle = model.use == .waiting && (!model.fresh || now - model.admitted >= slots.headGrace)
                check(own || idle || stalled(model) || model.use == .streaming,
                      "a guest took another's \(model.use) connection \(victim), reading: \(model.reads), untaken \(model.untaken)")
            }
            models[victim] = nil
        }

        mutating func open() {
            let roll = Int.random(in: 0..<100, using: &generator)
            let client: Slots.Client = roll < 8 ? .screen : roll < 30 ? .guest("flood") : .guest("10.0.\(Int.random(in: 0..<300, using: &generator))")
            let key = next
            next += 1
            let reads = client == .screen || Int.random(in: 0..<4, using: &generator) > 0
            switch slots.admit(key, from: client, at: now) {
            case .admitted(let victim):
                if let victim { checkEviction(of: victim, for: client) }
                models[key] = Model(client: client, reads: reads, admitted: now)
            case .queued(let dropped):
                seen["queued", default: 0] += 1
                check(client != .screen, "the screen was queued")
                if let dropped {
                    check(queue.contains { $0.key == dropped && $0.client == client }, "dropped \(dropped), not a queued one of \(client)")
                    queue.removeAll { $0.key == dropped }
                }
                queue.append((key, client))
            case .refused:
                seen["refused", default: 0] += 1
                if client == .screen {
                    let screen = models.values.filter { $0.client == .screen }
                    check(screen.count >= slots.screenLimit && !screen.contains { $0.use == .waiting }, "the screen refused with room")
                } else {
                    check(queue.count >= slots.queueLimit, "a guest refused with room in the queue")
                }
            }
        }

        mutating func promote() {
            for promotion in slots.promote(at: now) {
                check(queue.first?.key == promotion.key, "promoted \(promotion.key) out of turn")
                guard let (key, client) = queue.first else { return }
                queue.removeFirst()
                if let victim = promotion.evicting { checkEviction(of: victim, for: client) }
                models[key] = Model(client: client, reads: Int.random(in: 0..<4, using: &generator) > 0, admitted: now)
            }
        }

        /// Requests start and end, streams start, responses are written and read.
        mutating func work() {
            for key in models.keys.sorted() {
                guard var model = models[key] else { continue }
                let roll = Int.random(in: 0..<10, using: &generator)
                if model.use == .waiting, roll < 7 {
                    model.use = roll == 0 ? .streaming : .answering
                    model.fresh = false
                    slots.set(key, model.use)
                } else if model.use == .answering, roll == 9 {
                    model.use = .waiting
                    slots.set(key, .waiting)
                }
                if model.use != .waiting {
                    if model.untaken == 0 { model.progressed = now }
                    model.untaken += 1
                    slots.wrote(key, at: now)
                    // A steady reader: NIO keeps a part it has not taken, and it takes one.
                    if model.reads && model.untaken >= 2 {
                        model.untaken -= 1
                        model.progressed = now
                        slots.taken(key, at: now)
                    }
                }
                models[key] = model
            }
        }

        mutating func close() {
            let keys = models.keys.sorted() + queue.map(\.key)
            guard !keys.isEmpty else { return }
            let key = keys[Int.random(in: 0..<keys.count, using: &generator)]
            slots.remove(key)
            models[key] = nil
            queue.removeAll { $0.key == key }
        }

        mutating func invariants() {
            let guests = models.values.filter { $0.client != .screen }
            check(slots.count == models.count, "\(slots.count) slots held, \(models.count) known")
            check(guests.count <= slots.limit, "\(guests.count) guests' slots of \(slots.limit)")
            check(models.count - guests.count <= slots.screenLimit, "the screen holds more than its slots")
            check(slots.queued == queue.map(\.key), "the queue is \(slots.queued), not \(queue.map(\.key))")
            var held: [Slots.Client: Int] = [:]
            for model in guests { held[model.client, default: 0] += 1 }
            for entry in queue { held[entry.client, default: 0] += 1 }
            check(held.values.allSatisfy { $0 <= slots.perGuest }, "an address holds more than \(slots.perGuest)")
            for (key, model) in models {
                check(slots.use(of: key) == model.use, "\(key) is \(String(describing: slots.use(of: key))), not \(model.use)")
            }
        }

        mutating func play(steps: Int) {
            for _ in 0..<steps {
                now += .milliseconds(Int.random(in: 0...700, using: &generator))
                let roll = Int.random(in: 0..<20, using: &generator)
                if roll < 10 { for _ in 0..<Int.random(in: 1...6, using: &generator) { open() } } else if roll < 13 { close() } else if roll < 18 { work() } else { promote() }
                invariants()
            }
        }
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func everyPromiseHoldsOverADay(seed: UInt64) {
        var day = Day(slots: Slots(limit: 24, screenLimit: 4, perGuest: 3, stallAfter: .seconds(5), headGrace: .seconds(1)), generator: SeededGenerator(state: seed))
        day.play(steps: 4000)
        #expect(day.problems.isEmpty, "seed \(seed): \(day.problems.joined(separator: "\n"))")
        // Every rule had its turn: idle, stalled and streaming slots taken, an address's own,
        // connections queued and refused.
        for kind in ["waiting", "answering", "streaming", "own", "queued", "refused"] {
            #expect(day.seen[kind, default: 0] > 0, "seed \(seed): no \(kind) in \(day.seen)")
        }
    }
}
