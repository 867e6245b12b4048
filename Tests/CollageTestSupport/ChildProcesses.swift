internal import Foundation
#if canImport(Glibc)
internal import Glibc
#endif

/// What the tests share for the programs they start: how a wait status reads, and blocking work
/// (waitpid, reading a terminal) kept off Swift's cooperative threads, which the other tests
/// running meanwhile need.
public enum ChildProcesses {
    /// A `waitpid` status as a shell reports it: the exit status, or 128 + the signal that ended
    /// the program (WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift cannot import as macros).
    public static func exitStatus(fromWaitStatus status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// Waits for `pid`, retrying when a signal interrupts; its exit status as `exitStatus` reads it.
    /// Blocks: from async code, call it through `offPool`.
    public static func wait(for pid: Int32) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return exitStatus(fromWaitStatus: status)
    }

    /// Waits for `pid` at most `deadline` (a hang guard, polled); past it, kills it with
    /// everything it started (`ProcessTree.kill`, `mark` its environment's mark), reaps it and
    /// returns nil. Blocks: from async code, call it through `offPool`.
    public static func wait(for pid: Int32, deadline: Duration, mark: String? = nil) -> Int32? {
        let clock = ContinuousClock(), end = clock.now + deadline
        var status: Int32 = 0
        while clock.now < end {
            let waited = waitpid(pid, &status, WNOHANG)
            if waited == pid { return exitStatus(fromWaitStatus: status) }
            if waited < 0 && errno == ECHILD { return -1 }  // not ours to wait for: never a pass
            usleep(5_000)
        }
        ProcessTree.kill(pid, mark: mark)
        _ = wait(for: pid)
        return nil
    }

    /// Runs `work`, which blocks, on a thread of its own: never on the cooperative pool, nor on
    /// Dispatch's global threads, which the code under test (its `Blocking` and printer queues)
    /// runs on. On Linux those are few, and a dozen end-to-end tests each polling `waitpid` on
    /// one for a minute starved every other test's saves and prints until its time limit.
    public static func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { done in
            Thread.detachNewThread { done.resume(with: Result { try work() }) }
        }
    }

    /// `offPool` for work that cannot fail.
    public static func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { done in
            Thread.detachNewThread { done.resume(returning: work()) }
        }
    }
}
