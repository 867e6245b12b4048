internal import CollageCore
public import CollageImaging
#if canImport(Glibc)
internal import Glibc
#endif

/// An image ready to write to the terminal: fitted, encoded in the chosen protocol, with the
/// cursor moves around it. Written at the start of a line, it covers `rows` lines and leaves the
/// cursor at the start of the line below, whatever the protocol: the contract a redraw in place
/// relies on.
public struct TerminalPreview: Sendable {
    public let method: PreviewProtocol
    public let geometry: PreviewGeometry
    public let bytes: [UInt8]
    /// The kitty image id, which a redraw deletes first.
    public let kittyImageID: UInt32?

    public var rows: Int { geometry.rows }
    public var columns: Int { geometry.columns }

    /// An id of this process's own, so two runs in one terminal never replace each other's.
    public static let defaultKittyImageID = UInt32(truncatingIfNeeded: getpid()) & 0x00FF_FFFF | 0x0100_0000

    /// Nil when the terminal has no room (no columns, or no row to spare below `maxRows`).
    public static func render(
        _ image: RGBImage, for capabilities: TerminalCapabilities, terminal: TerminalSize, maxRows: Int? = nil,
        kittyImageID: UInt32 = defaultKittyImageID
    ) -> TerminalPreview? {
        let maxPixels = capabilities.preview == .sixel ? capabilities.sixelGeometry : nil
        guard let geometry = PreviewGeometry.fit(image.size, into: terminal, cellSize: capabilities.cellSize, maxRows: maxRows,
                                                 maxPixels: maxPixels)
        else { return nil }
        return render(image, as: capabilities.preview, geometry: geometry,
                      colorRegisters: capabilities.colorRegisters, kittyImageID: kittyImageID)
    }

    /// The same with every decision given (protocol, geometry, colour registers), as tests need.
    public static func render(
        _ image: RGBImage, as method: PreviewProtocol, geometry: PreviewGeometry, colorRegisters: Int = 256,
        kittyImageID: UInt32 = defaultKittyImageID
    ) -> TerminalPreview {
        let rows = geometry.rows
        var bytes: [UInt8]
        switch method {
        case .kitty:
            let placed = KittyGraphics.place(image.resized(to: geometry.pixelSize), columns: geometry.columns, rows: rows,
                                             imageID: kittyImageID)
            bytes = Array(ControlSequence.reserve(lines: rows).utf8) + placed
            bytes += Array((ControlSequence.cursorDown(rows) + "\r").utf8)
        case .sixel:
            let sixel = Sixel.encode(image.resized(to: geometry.sixelPixelSize), maxColors: colorRegisters)
            bytes = Array((ControlSequence.reserve(lines: rows) + ControlSequence.saveCursor).utf8) + sixel
            bytes += Array((ControlSequence.restoreCursor + ControlSequence.cursorDown(rows) + "\r").utf8)
        case .trueColorBlocks, .ansi256Blocks:
            bytes = HalfBlocks.encode(image.resized(to: geometry.halfBlockPixelSize),
                                      colors: method == .trueColorBlocks ? .trueColor : .ansi256)
        }
        return TerminalPreview(method: method, geometry: geometry, bytes: bytes,
                               kittyImageID: method == .kitty ? kittyImageID : nil)
    }
}
