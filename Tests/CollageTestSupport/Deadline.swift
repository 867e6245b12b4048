internal import Testing

/// Runs a test's work and gives it at most `limit`: past that, the work is cancelled and
/// `DeadlineExceeded`, naming the test, is thrown (Swift Testing records it as the test's
/// issue), so a regression that makes the code wait forever is a named failure within seconds,
/// and `swift test` still exits.
///
/// Why not `.timeLimit` alone: when it fires, Swift Testing cancels the test's task and then
/// waits for it, and for every child task it has, to end; work that ignores cancellation (or
/// that the test awaits in an unstructured `Task`, which cancelling the test does not reach)
/// keeps the whole run waiting. Here the work runs in a task of its own that is cancelled but
/// never awaited once the limit has passed: the test ends even if the work never does. Start
/// the code under test inside `work` with `async let` (not `Task {}`), so cancelling the work
/// cancels it too.
///
/// ```swift
/// try await withDeadline {
///     async let running = session.run(source)
///     source.send(PhotoFile("p1"))
///     let outcome = try await running  // awaited outside `#expect`, which cannot capture it
///     #expect(outcome == .complete(saved))
/// }
/// ```
/// The limit is a hang guard, never a measurement: far above the work's usual time on a loaded
/// machine (all suites run at once on few cores: a test of virtual time may wait many seconds for
/// a thread), and below the one-minute `.timeLimit` of the suites that use it.
public func withDeadline<T: Sendable>(
    _ limit: Duration = .seconds(45), _ work: @escaping @Sendable () async throws -> T
) async throws -> T {
    let (ends, end) = AsyncStream.makeStream(of: Result<T, any Error>.self, bufferingPolicy: .bufferingOldest(1))
    let running = Task {
        do { end.yield(.success(try await work())) } catch { end.yield(.failure(error)) }
        end.finish()
    }
    let timer = Task {
        do {
            try await Task.sleep(for: limit)
            end.yield(.failure(DeadlineExceeded(test: Test.current?.name ?? "a test", limit: limit)))
        } catch {}  // the work ended first
    }
    defer { timer.cancel() }
    var first = ends.makeAsyncIterator()
    // nil: the test itself was cancelled (its `.timeLimit`): the work goes too, unawaited.
    guard let outcome = await first.next() else {
        running.cancel()
        throw CancellationError()
    }
    // Thrown, the expiry is recorded as an issue of the test, which it names.
    if case .failure(_ as DeadlineExceeded) = outcome { running.cancel() }
    return try outcome.get()
}

/// A test's work that had not ended when its `withDeadline` limit passed.
public struct DeadlineExceeded: Error, CustomStringConvertible {
    public let test: String
    public let limit: Duration
    public var description: String { "\(test) did not end within \(limit): its work was cancelled and left behind" }
}
