/// The few VT/ANSI control sequences the tool writes, named, so no caller spells an escape.
public enum ControlSequence {
    /// String terminator, which ends kitty's APC and sixel's DCS.
    public static let stringTerminator = "\u{1B}\\"

    public static let hideCursor = "\u{1B}[?25l"
    public static let showCursor = "\u{1B}[?25h"
    /// SGR 0: colours and every other attribute back to the terminal's defaults.
    public static let resetAttributes = "\u{1B}[0m"
    /// Everything from the cursor to the end of its line erased (EL 0).
    public static let eraseToEndOfLine = "\u{1B}[K"
    /// Everything from the cursor to the end of the screen erased (ED 0).
    public static let eraseToEndOfScreen = "\u{1B}[J"
    /// Home and erase the whole screen: the one redraw that survives a terminal reflowing lines.
    public static let clearScreen = "\u{1B}[H\u{1B}[2J"
    /// DECSC/DECRC: a sixel image leaves the cursor where each terminal pleases; these put it back.
    public static let saveCursor = "\u{1B}7"
    public static let restoreCursor = "\u{1B}8"

    /// CUU; nothing for zero, as `CSI 0 A` would still move one line.
    public static func cursorUp(_ lines: Int) -> String { lines > 0 ? "\u{1B}[\(lines)A" : "" }

    /// CUD; nothing for zero, as `CSI 0 B` would still move one line.
    public static func cursorDown(_ lines: Int) -> String { lines > 0 ? "\u{1B}[\(lines)B" : "" }

    /// Back to the first column of the line `lines` lines up and everything from there on
    /// erased: where a block `lines` lines high began, ready to be drawn again.
    public static func rewind(lines: Int) -> String { "\r" + cursorUp(lines) + eraseToEndOfScreen }

    /// Makes room for a block `lines` high below the cursor (scrolling if the screen is full),
    /// then returns to its first line: graphics drawn there can neither scroll nor be cut off.
    public static func reserve(lines: Int) -> String {
        String(repeating: "\n", count: lines) + cursorUp(lines)
    }

    /// SGR with the given parameters, `ESC [ p m`.
    public static func sgr(_ parameters: String) -> String { "\u{1B}[\(parameters)m" }
}
