import CollageCore
import CollageLocking
import Synchronization
import Testing

@Suite("The Single trait")
struct SingleTests {
    final class Counter: Sendable {
        let value = Atomic(0)
        func increment() -> Int { value.add(1, ordering: .relaxed).newValue }
        var count: Int { value.load(ordering: .relaxed) }
    }

    struct Failure: Error, Equatable {}

    @Test func isLazyAndRunsOncePerSubscription() async throws {
        let runs = Counter()
        let single = Single { runs.increment() }
        #expect(runs.count == 0)
        #expect(try await single.value == 1)
        #expect(try await single.value == 2)
        #expect(runs.count == 2)
    }

    @Test func deliversTheError() async {
        let single = Single<Int> { throw Failure() }
        await #expect(throws: Failure.self) { try await single.value }
    }

    @Test func subscribeDeliversExactlyOneEvent() async throws {
        let events = Counter()
        let result = Locked<Result<Int, any Error>?>(nil)
        await Single { 42 }.subscribe { outcome in
            _ = events.increment()
            result.withLock { $0 = outcome }
        }.value
        #expect(events.count == 1)
        #expect(try result.withLock { try $0?.get() } == 42)
    }

    @Test func cancellingTheSubscriptionEndsWithCancellationError() async {
        let started = AsyncStream<Void>.makeStream()
        let outcome = Locked<Result<Int, any Error>?>(nil)
        let subscription = Single<Int> {
            started.continuation.yield()
            try await Task.sleep(for: .seconds(3600))
            return 1
        }.subscribe { result in outcome.withLock { $0 = result } }
        for await _ in started.stream { break }
        subscription.cancel()
        await subscription.value
        #expect(throws: CancellationError.self) { try outcome.withLock { try $0?.get() } }
    }

    @Test func aCancelledTaskDoesNotStartTheOperation() async {
        let runs = Counter()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Single { runs.increment() }.value
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(runs.count == 0)
    }

    @Test func mapTransformsTheValue() async throws {
        #expect(try await Single { 20 }.map { $0 + 1 }.value == 21)
    }
}
