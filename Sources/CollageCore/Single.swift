/// RxSwift's `Single` over Swift concurrency: a deferred operation that yields exactly one
/// value or one error.
///
/// - Lazy: nothing runs until `value` is awaited (or `subscribe` is called); each await runs the
///   operation afresh, like a cold Rx sequence.
/// - One event: the operation returns once or throws once, and `subscribe` delivers exactly one
///   `Result`, so no caller can observe two values or a value after an error.
/// - Cancellable: cancelling the awaiting task (or the task `subscribe` returns) cancels the
///   operation, which ends with `CancellationError`.
///
/// ```swift
/// let saved = try await writer.save(collage, to: "out.jpg").value
/// ```
public struct Single<Value: Sendable>: Sendable {
    private let operation: @Sendable () async throws -> Value

    public init(_ operation: @escaping @Sendable () async throws -> Value) {
        self.operation = operation
    }

    /// Runs the operation and returns its one value, or throws its one error.
    public var value: Value {
        get async throws {
            try Task.checkCancellation()
            return try await operation()
        }
    }

    /// Rx-style subscription: `observer` is called exactly once. Cancel the returned task to
    /// dispose of the subscription.
    @discardableResult
    public func subscribe(_ observer: @escaping @Sendable (Result<Value, any Error>) -> Void) -> Task<Void, Never> {
        Task {
            do { observer(.success(try await value)) } catch { observer(.failure(error)) }
        }
    }

    /// A Single of the transformed value.
    public func map<Other: Sendable>(_ transform: @escaping @Sendable (Value) throws -> Other) -> Single<Other> {
        Single<Other> { try transform(try await self.value) }
    }
}
