#if canImport(Glibc)
import Glibc
#endif

/// Which sanitizer this test process was built with (`make sanitize`), found by its runtime's
/// entry point: some tests know what an instrumented allocator does differently.
public enum Sanitizers {
    /// ThreadSanitizer's allocator takes no `mallopt(M_PERTURB)` and has no fill option: memory a
    /// decoder leaves unwritten holds whatever that allocator gives, which may differ run to run.
    public static let threadSanitizerIsRunning = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil
}
