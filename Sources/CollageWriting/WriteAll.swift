#if canImport(Glibc)
internal import Glibc
#endif

/// The one loop that writes every byte to a descriptor, for atomic files and standard output:
/// `write` may take fewer bytes than given, and a signal may interrupt it (EINTR, tried again).
/// Any other failure is returned as its errno, for the caller to say what it means there.
public enum WriteAll {
    /// Nil once every byte is written; otherwise the errno of the call that failed.
    public static func write(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            // No progress and no error: never for a file or a pipe, but not to be looped on.
            guard count > 0 else { return EIO }
            written += count
        }
        return nil
    }
}
