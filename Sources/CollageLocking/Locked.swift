#if canImport(Glibc)
internal import Glibc
#endif

/// A value behind a pthread mutex: `Synchronization.Mutex`'s API, on a lock ThreadSanitizer
/// understands.
///
/// On Linux `Mutex` locks with atomics and a futex inside the standard library, which is not
/// instrumented, so TSan never sees the lock taken and reports every contended `withLock` as a
/// race (four threads toggling a `Mutex<Bool>` are enough). TSan intercepts
/// `pthread_mutex_lock`, so with this lock a report means a real race: an access outside it.
/// `make sanitize` refuses `Mutex` in the sources for that reason.
///
/// ```swift
/// let seen = Locked<Set<PathName>>([])
/// let isNew = seen.withLock { $0.insert(name).inserted }
/// ```
public final class Locked<Value>: @unchecked Sendable {
    // A pthread mutex must not move once initialised: it lives on the heap, not in the object's
    // stored properties, which Swift may not keep at a fixed address during an access.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    public init(_ initialValue: consuming sending Value) {
        value = initialValue
        mutex = .allocate(capacity: 1)
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock; never call it again from inside `body`
    /// (the mutex is not recursive: that would deadlock, as `Mutex` would).
    public func withLock<Result, E: Error>(_ body: (inout sending Value) throws(E) -> sending Result) throws(E) -> sending Result {
        let locked = pthread_mutex_lock(mutex)
        precondition(locked == 0, "pthread_mutex_lock failed: \(locked)")
        defer {
            let unlocked = pthread_mutex_unlock(mutex)
            precondition(unlocked == 0, "pthread_mutex_unlock failed: \(unlocked)")
        }
        return try body(&value)
    }
}
