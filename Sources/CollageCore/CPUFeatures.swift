internal import CCollageSHA

/// The CPUID bits that say which of SHA-256's engines a CPU can run: an instruction the CPU
/// lacks is SIGILL at the booth's first save, so the choice is made from these bits, and is a
/// value the tests give any bits (an older CPU's, without SHA) besides this machine's.
struct CPUFeatures: Equatable {
    /// Leaf 1's ECX: SSSE3 is bit 9, SSE4.1 bit 19.
    var leaf1ECX: UInt32
    /// Leaf 7 (subleaf 0)'s EBX: the SHA extensions are bit 29.
    var leaf7EBX: UInt32

    /// This CPU's bits (zeros for a leaf it does not have, and off x86).
    static let current: CPUFeatures = {
        let read = collage_cpu_features_read()
        return CPUFeatures(leaf1ECX: read.leaf1_ecx, leaf7EBX: read.leaf7_ebx)
    }()

    var ssse3: Bool { leaf1ECX & 1 << 9 != 0 }
    var sse41: Bool { leaf1ECX & 1 << 19 != 0 }
    var sha: Bool { leaf7EBX & 1 << 29 != 0 }
}
