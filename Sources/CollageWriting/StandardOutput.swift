internal import CollageCore
internal import CollageSources
#if canImport(Glibc)
internal import Glibc
#endif

/// Image bytes on standard output, for `-o -`. SIGPIPE is ignored (by the command), so a reader
/// that goes away shows up here as EPIPE and ends the run quietly instead of killing it.
enum StandardOutput {
    static func write(_ bytes: [UInt8]) throws(WriteError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress! + written, $0.count - written) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && errno == EPIPE { throw .readerGone }
            guard count > 0 else { throw .file(systemError("standard output", "write")) }
            written += count
        }
    }
}
