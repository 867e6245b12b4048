#if canImport(Glibc)
internal import Glibc
#endif

/// Writing to a terminal whole: `write` may take only part of a large preview, or be
/// interrupted by a signal such as SIGWINCH.
public enum TerminalIO {
    /// Writes every byte; false when the descriptor fails (a closed terminal: nothing to do).
    @discardableResult
    public static func write(_ bytes: [UInt8], to fileDescriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    if errno == EAGAIN {  // a non-blocking descriptor: wait until it drains
                        var ready = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
                        if poll(&ready, 1, 1000) > 0 { continue }
                    }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    @discardableResult
    public static func write(_ text: String, to fileDescriptor: Int32) -> Bool {
        write(Array(text.utf8), to: fileDescriptor)
    }

    /// True when `fileDescriptor` is a terminal: the one test for every decoration.
    public static func isTerminal(_ fileDescriptor: Int32) -> Bool { isatty(fileDescriptor) == 1 }
}
