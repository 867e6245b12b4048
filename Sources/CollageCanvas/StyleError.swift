public import CollageImaging
/// Why a print or style setting was refused: one line naming the value and the reason, for the
/// command line to print as a usage error.
public enum StyleError: Error, Hashable, Sendable, CustomStringConvertible {
    case badGrid(String)
    case gridOutOfRange(String)
    case badColor(String)
    case badCrop(String)
    case badFit(String)
    case badSize(String)
    case sizeOutOfRange(String, PixelSize)
    case badLength(String)
    case lengthNeedsDPI(String)
    case lengthOutOfRange(String)
    case dpiOutOfRange(Int)
    case badResolution(String)
    case negativeSpacing
    case badRepeat(String)
    case badCaptionSize(String)
    case noRoom(axis: String, canvas: PixelSize, tiles: Int, gap: Int, margin: Int)

    public var description: String {
        switch self {
        case .badGrid(let text):
            return "bad grid '\(text)': use auto or COLUMNSxROWS, such as 3x2 or 1x4"
        case .gridOutOfRange(let text):
            return "bad grid '\(text)': columns and rows must each be 1 to \(CollageGrid.maximumSide)"
        case .badColor(let text):
            return "bad colour '\(text)': use #rgb, #rrggbb or a CSS colour name such as white, black or navy"
        case .badCrop(let text):
            return "bad crop '\(text)': use centre or attention"
        case .badFit(let text):
            return "bad fit '\(text)': use cover or contain"
        case .badSize(let text):
            return "bad size '\(text)': use WIDTHxHEIGHT in pixels (1800x1200) or with a unit: 6x4in, 15x10cm, 148x105mm"
        case .sizeOutOfRange(let text, let pixels):
            return "size '\(text)' is \(pixels) pixels: each side must be 1 to \(PrintSize.maximumSide)"
        case .badLength(let text):
            return "bad length '\(text)': use pixels (12 or 12px) or, with a physical size or --dpi, in, cm or mm (2mm)"
        case .lengthNeedsDPI(let text):
            return "length '\(text)' needs a resolution: give the size in in, cm or mm, or give --dpi"
        case .lengthOutOfRange(let text):
            return "length '\(text)' must be 0 to \(PrintSize.maximumSide) pixels"
        case .dpiOutOfRange(let dpi):
            return "bad resolution \(dpi) dpi: it must be 1 to \(PrintSize.maximumDPI)"
        case .badResolution(let text):
            return "bad resolution '\(text)': give whole dots per inch, 1 to \(PrintSize.maximumDPI)"
        case .badRepeat(let text):
            return "bad repeat '\(text)': use COLUMNSxROWS, each 1 to 16, such as 2x1 for two strips side by side"
        case .badCaptionSize(let text):
            return "bad caption size '\(text)': use pixels (48), or in, cm or mm with a print size or --dpi; at least 1 pixel"
        case .negativeSpacing:
            return "gap and margin cannot be negative"
        case .noRoom(let axis, let canvas, let tiles, let gap, let margin):
            return "a \(canvas) collage is not \(axis) enough for \(tiles) tiles with a \(gap)-pixel gap and a \(margin)-pixel margin"
        }
    }
}
