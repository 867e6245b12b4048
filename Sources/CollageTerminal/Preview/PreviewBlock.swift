/// The preview with status lines under it, redrawn in place: `watch --preview`'s main screen,
/// the collage as it grows with "4 photos" under it. Pure: each call returns the bytes to write
/// and remembers what is on the screen.
///
/// A redraw moves back up over the lines drawn last and erases to the end of the screen. When
/// the terminal became narrower than the block or too short for it, lines may have rewrapped or
/// scrolled away, so the screen is cleared and drawn from the top instead.
public struct PreviewBlock: Sendable {
    /// Lines the block covers on the screen now, counted from the line above the cursor.
    public private(set) var linesDrawn = 0
    private var widthDrawn = 0
    private var kittyImageID: UInt32?

    public init() {}

    /// The bytes that replace what was drawn with `preview` (none: status lines only) and
    /// `status`, fitted to `terminal`. Colours in the status lines come from `styler`.
    public mutating func draw(
        _ preview: TerminalPreview?, status: [StatusLine], terminal: TerminalSize, styler: Styler = .plain
    ) -> [UInt8] {
        var out = Array(erasing(for: terminal).utf8)
        if let preview { out += preview.bytes }
        for line in status {
            out += Array((styler.paint(line.fitted(width: terminal.columns), as: line.style)
                          + ControlSequence.eraseToEndOfLine + "\n").utf8)
        }
        linesDrawn = (preview?.rows ?? 0) + status.count
        widthDrawn = max(preview?.columns ?? 0, status.map { $0.fitted(width: terminal.columns).count }.max() ?? 0)
        kittyImageID = preview?.kittyImageID
        return out
    }

    /// The bytes that take the block off the screen, leaving the cursor where it began.
    public mutating func erase(terminal: TerminalSize) -> [UInt8] {
        let out = Array(erasing(for: terminal).utf8)
        (linesDrawn, widthDrawn, kittyImageID) = (0, 0, nil)
        return out
    }

    private func erasing(for terminal: TerminalSize) -> String {
        guard linesDrawn > 0 else { return "" }
        // Erasing text leaves kitty's images on the screen: they are deleted by id.
        let deleteImage = kittyImageID.map { String(decoding: KittyGraphics.delete(imageID: $0), as: UTF8.self) } ?? ""
        if terminal.columns < widthDrawn || linesDrawn >= terminal.rows {
            return deleteImage + ControlSequence.clearScreen
        }
        return deleteImage + ControlSequence.rewind(lines: linesDrawn)
    }
}
