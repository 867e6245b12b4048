internal import CollageTerminal
#if canImport(Glibc)
internal import Glibc
#endif

/// Lines on standard output or standard error, each written with one `write(2)` the moment it
/// is ready: no stdio buffer (a pipe would otherwise hold NDJSON events back for kilobytes), and
/// lines from several threads never interleave.
public struct Console: Sendable {
    public let descriptor: Int32

    public static let standardOutput = Console(descriptor: STDOUT_FILENO)
    public static let standardError = Console(descriptor: STDERR_FILENO)

    /// Whether the stream is a terminal: colour, progress and previews only go to one.
    public var isTerminal: Bool { TerminalIO.isTerminal(descriptor) }

    /// Writes `text` and a newline. A reader that went away is not an error worth a crash.
    public func line(_ text: String) {
        write(text + "\n")
    }

    /// Writes exact bytes and a newline: a file name that is not UTF-8 reaches a script as it is.
    public func line(bytes: [UInt8]) {
        write(bytes: bytes + [UInt8(ascii: "\n")])
    }

    public func write(_ text: String) {
        write(bytes: Array(text.utf8))
    }

    public func write(bytes: [UInt8]) {
        TerminalIO.write(bytes, to: descriptor)
    }
}
