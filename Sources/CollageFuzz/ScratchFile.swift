#if canImport(Glibc)
internal import Glibc
#endif

/// A temporary file that holds one fuzz input at a time, so the JPEG decoder that streams from a
/// descriptor (`OpenedImage(jpegFile:)`) is fuzzed as well as the one over bytes. Glibc's Swift
/// module has no memfd_create, so it is an ordinary file, unlinked as soon as it is created: it
/// leaves nothing behind, even when a finding aborts the run. One for the whole run: rewriting
/// it costs two system calls per input, creating one would cost more.
final class ScratchFile: Sendable {
    let descriptor: Int32

    init() {
        let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(directory)/collage-fuzz-XXXXXX".utf8CString)
        descriptor = mkstemp(&template)
        precondition(descriptor >= 0, "cannot create a file in \(directory): \(Self.lastError)")
        precondition(unlink(template) == 0, "cannot unlink the scratch file: \(Self.lastError)")
    }

    deinit { close(descriptor) }

    /// Makes `bytes` the whole file: the decoder reads to its end, so a longer old input must go.
    func replace(with bytes: [UInt8]) {
        precondition(ftruncate(descriptor, 0) == 0, "cannot truncate the scratch file: \(Self.lastError)")
        bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let count = pwrite(descriptor, buffer.baseAddress! + written, buffer.count - written, off_t(written))
                if count < 0 && errno == EINTR { continue }
                precondition(count > 0, "cannot write the scratch file: \(Self.lastError)")
                written += count
            }
        }
    }

    private static var lastError: String { String(cString: strerror(errno)) }
}
