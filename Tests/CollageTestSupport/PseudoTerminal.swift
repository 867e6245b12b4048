#if canImport(Glibc)
internal import Glibc
#endif

/// A pseudo-terminal for tests: the command gets the slave side as its stdout or stderr and
/// sees a terminal; the test reads (and may answer) on the master side, as a terminal would.
public final class PseudoTerminal: @unchecked Sendable {
    public let master: Int32
    public let slave: Int32

    public init(columns: UInt16 = 80, rows: UInt16 = 24) throws {
        // posix_openpt and friends need _XOPEN_SOURCE, which Swift's Glibc module does not set:
        // the same through /dev/ptmx and its two ioctls (from <asm-generic/ioctls.h>).
        let unlockRequest: UInt = 0x4004_5431  // TIOCSPTLCK
        let numberRequest: UInt = 0x8004_5430  // TIOCGPTN
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, unlockRequest, &unlock) == 0, ioctl(master, numberRequest, &number) == 0 else { throw Failed() }
        slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw Failed() }
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    deinit {
        close(master)
        close(slave)
    }

    /// Everything the command wrote so far, without waiting for more.
    public func readAvailable() -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 50) > 0 else { return bytes }
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { return bytes }
            bytes += buffer[..<count]
        }
    }

    struct Failed: Error {}
}
