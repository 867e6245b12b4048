internal import CollageCore
public import CollageImaging

/// What a terminal said about itself when asked (see `TerminalProbe`). Every field is nil or
/// false when the terminal did not say.
public struct TerminalAnswers: Sendable, Equatable {
    /// It answered kitty's graphics query with OK, before its device attributes.
    public var kittyGraphics = false
    /// The attributes of its primary device attributes answer (`ESC [ ? 62 ; 4 ; 22 c`), nil
    /// when none came. Every VT100-compatible terminal answers, so nil means no answer at all.
    public var deviceAttributes: [Int]?
    /// Its colour registers for sixel (XTSMGRAPHICS), when it said.
    public var colorRegisters: Int?
    /// The largest sixel image it shows (XTSMGRAPHICS), when it said: xterm draws nothing at
    /// all of an image larger than its `maxGraphicSize`, 1000x1000 by default.
    public var sixelGeometry: PixelSize?
    /// One cell in pixels (`CSI 16 t`), when it said.
    public var cellSize: PixelSize?

    public init(
        kittyGraphics: Bool = false, deviceAttributes: [Int]? = nil, colorRegisters: Int? = nil,
        sixelGeometry: PixelSize? = nil, cellSize: PixelSize? = nil
    ) {
        self.kittyGraphics = kittyGraphics
        self.deviceAttributes = deviceAttributes
        self.colorRegisters = colorRegisters
        self.sixelGeometry = sixelGeometry
        self.cellSize = cellSize
    }

    /// Attribute 4 of the device attributes: sixel graphics.
    public var sixel: Bool { deviceAttributes?.contains(4) ?? false }

    /// The terminal answered the last query, so every answer it will give is in.
    public var isComplete: Bool { deviceAttributes != nil }
}
