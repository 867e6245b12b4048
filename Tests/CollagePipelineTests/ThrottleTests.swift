import CollagePipeline
import CollageTestSupport
import Testing

@Suite("throttle(for:clock:) in virtual time", .timeLimit(.minutes(1)))
struct ThrottleTests {
    let interval = Duration.milliseconds(500)

    @Test func leadingEdgeIsImmediate() async throws {
        let source = TestSource<Int>(), clock = ManualClock()
        var output = source.throttle(for: interval, clock: clock).makeAsyncIterator()
        source.send(1)
        #expect(try await output.next() == 1)  // no clock advance needed
    }

    /// The case swift-async-algorithms' `_throttle` gets wrong: five photos 20 ms apart, then
    /// silence. The newest must come out when the window ends, without a sixth arrival.
    @Test func trailingEdgeAfterSilence() async throws {
        let source = TestSource<Int>(), clock = ManualClock()
        var output = source.throttle(for: interval, clock: clock).makeAsyncIterator()
        source.send(1)
        #expect(try await output.next() == 1)
        for photo in 2...5 {
            clock.advance(by: .milliseconds(20))
            source.send(photo)
            await source.untilAsked()
        }
        clock.advance(by: .milliseconds(420))  // t = 500 ms: the window ends
        #expect(try await output.next() == 5)
        source.finish()
        #expect(try await output.next() == nil)  // 2, 3 and 4 were coalesced away
    }

    @Test func atMostOnePerIntervalAndTheNewestEachTime() async throws {
        let source = TestSource<Int>(), clock = ManualClock()
        var output = source.throttle(for: interval, clock: clock).makeAsyncIterator()
        var seen: [Int] = []
        source.send(0)
        seen.append(try #require(try await output.next()))
        // Ten elements 100 ms apart from 50 ms on; windows end at 500 and 1000 ms.
        clock.advance(by: .milliseconds(50))
        for element in 1...10 {
            source.send(element)
            await source.untilAsked()
            clock.advance(by: .milliseconds(50))
            if element == 5 || element == 10 { seen.append(try #require(try await output.next())) }
            clock.advance(by: .milliseconds(50))
        }
        #expect(seen == [0, 5, 10])
    }

    @Test func quietWindowGoesIdleAndTheNextElementIsImmediate() async throws {
        let source = TestSource<Int>(), clock = ManualClock()
        var output = source.throttle(for: interval, clock: clock).makeAsyncIterator()
        source.send(1)
        #expect(try await output.next() == 1)
        clock.advance(by: .milliseconds(700))
        source.send(2)
        #expect(try await output.next() == 2)
    }

    @Test func theEndOfTheUpstreamFlushesTheNewest() async throws {
        let source = TestSource<Int>(), clock = ManualClock()
        var output = source.throttle(for: interval, clock: clock).makeAsyncIterator()
        source.send(1)
        #expect(try await output.next() == 1)
        source.send(2)
        await source.untilAsked()
        source.finish()
        #expect(try await output.next() == 2)
        #expect(try await output.next() == nil)
    }

    /// A save slower than the interval: what was emitted meanwhile waits as one element, the
    /// newest, never as a queue of stale selections.
    @Test func aSlowConsumerGetsOnlyTheNewest() async throws {
        let source = TestSource<Int>(), clock = ManualClock()
        var output = source.throttle(for: interval, clock: clock).makeAsyncIterator()
        source.send(1)  // emitted at once, into a consumer that is busy
        await source.untilAsked()
        clock.advance(by: .milliseconds(100))
        source.send(2)
        await source.untilAsked()
        clock.advance(by: .milliseconds(500))  // t = 600: the first window is over, 2 goes out
        source.send(3)
        await source.untilAsked()
        clock.advance(by: .milliseconds(600))  // t = 1200: the second is over too, 3 goes out
        source.send(4)
        await source.untilAsked()  // 4 is held: by now 1, 2 and 3 have all been emitted
        #expect(try await output.next() == 3)  // 1 and 2 were replaced while nobody read
        source.finish()
        #expect(try await output.next() == 4)
        #expect(try await output.next() == nil)
    }

    @Test func cancellingTheConsumerStopsReadingTheUpstream() async throws {
        try await withDeadline { [interval] in
            let source = TestSource<Int>(), clock = ManualClock()
            let consumer = Task {
                var count = 0
                for try await _ in source.throttle(for: interval, clock: clock) { count += 1 }
                return count
            }
            source.send(1)
            await source.untilAsked()
            consumer.cancel()
            _ = try? await consumer.value
            source.send(2)  // nobody takes it any more
            #expect(source.taken == 1)
            // The throttle's reader has ended and let go of the upstream: not merely between two
            // reads, about to take 2 (a reader left running past cancellation never gets here).
            await source.untilNoReader()
            #expect(source.taken == 1)
        }
    }
}
