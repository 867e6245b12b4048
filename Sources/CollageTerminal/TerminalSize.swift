internal import CollageCore
public import CollageImaging
#if canImport(Glibc)
internal import Glibc
#endif

/// A terminal's size as the kernel knows it (TIOCGWINSZ): cells, and pixels when the terminal
/// reports them (kitty, xterm, foot and WezTerm do; many others leave them 0).
public struct TerminalSize: Sendable, Hashable, CustomStringConvertible {
    public var columns: Int
    public var rows: Int
    /// 0 when the terminal does not report it.
    public var pixelWidth: Int
    public var pixelHeight: Int

    public init(columns: Int, rows: Int, pixelWidth: Int = 0, pixelHeight: Int = 0) {
        self.columns = columns
        self.rows = rows
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }

    /// One cell in pixels, when the pixel size is known.
    public var cellSize: PixelSize? {
        guard columns > 0, rows > 0, pixelWidth >= columns, pixelHeight >= rows else { return nil }
        return PixelSize(width: pixelWidth / columns, height: pixelHeight / rows)
    }

    /// The size of the terminal `fileDescriptor` is open on; nil for a file, a pipe, or a
    /// terminal that reports no size (0x0, as a fresh pseudo-terminal does).
    public static func of(_ fileDescriptor: Int32) -> TerminalSize? {
        var size = winsize()
        guard ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return TerminalSize(
            columns: Int(size.ws_col), rows: Int(size.ws_row),
            pixelWidth: Int(size.ws_xpixel), pixelHeight: Int(size.ws_ypixel))
    }

    public var description: String {
        pixelWidth > 0 ? "\(columns)x\(rows) cells, \(pixelWidth)x\(pixelHeight) px" : "\(columns)x\(rows) cells"
    }
}
