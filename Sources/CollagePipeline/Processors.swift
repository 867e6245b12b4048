#if canImport(Glibc)
internal import Glibc
#endif

/// How many processors this process may run on: its affinity mask, as `nproc` counts them, so
/// `taskset -c 0 collage build …` decodes one photo at a time. At least 1.
public enum Processors {
    /// How many photos `build` decodes at once: `COLLAGE_DECODERS` when set to a number from 1
    /// (one after another: what tests compare a parallel run against), else `available`.
    public static var decoders: Int {
        if let text = getenv("COLLAGE_DECODERS").map({ String(cString: $0) }), let value = Int(text), value >= 1 {
            return min(value, 64)
        }
        return available
    }

    public static var available: Int {
        allowed() ?? max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }

    /// The bits of the kernel's `Cpus_allowed` mask (hex words separated by commas). Read from
    /// /proc because glibc declares `sched_getaffinity` only for C compiled with _GNU_SOURCE.
    static func allowed() -> Int? {
        let descriptor = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            filled += count
        }
        let key = Array("\nCpus_allowed:".utf8)
        guard let start = (0..<max(0, filled - key.count)).first(where: { bytes[$0..<($0 + key.count)].elementsEqual(key) }) else {
            return nil
        }
        var bits = 0
        for byte in bytes[(start + key.count)..<filled] {
            if byte == UInt8(ascii: "\n") { break }
            if let digit = Int(String(UnicodeScalar(byte)), radix: 16) { bits += digit.nonzeroBitCount }
        }
        return bits > 0 ? bits : nil
    }
}
