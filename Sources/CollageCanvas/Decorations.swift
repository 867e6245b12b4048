public import CollageImaging

/// What is drawn besides the photos, already decoded: a background image under everything, a
/// logo in its cell, a frame over everything, and the text stack that sets the caption. A
/// value: each collage draws the same ones.
public struct Decorations: Sendable {
    public var background: RGBImage?
    public var logo: RGBAImage?
    public var overlay: RGBAImage?
    public var typesetter: (any CaptionTypesetter)?

    public init(background: RGBImage? = nil, logo: RGBAImage? = nil, overlay: RGBAImage? = nil, typesetter: (any CaptionTypesetter)? = nil) {
        self.background = background
        self.logo = logo
        self.overlay = overlay
        self.typesetter = typesetter
    }

    public static let none = Decorations()

    /// How far an overlay's aspect may differ from the collage's before a warning: 1 %.
    public static let aspectTolerance = 0.01

    /// Whether `image` would be visibly stretched when scaled to `canvas`.
    public static func aspectDiffers(_ image: PixelSize, from canvas: PixelSize) -> Bool {
        let ratio = (Double(image.width) / Double(image.height)) / (Double(canvas.width) / Double(canvas.height))
        return abs(ratio - 1) > aspectTolerance
    }

    /// The largest rectangle of `size`'s aspect inside `cell`, centred: a logo is shown whole.
    public static func fitted(_ size: PixelSize, in cell: PixelRect) -> PixelRect {
        guard size.width > 0, size.height > 0 else { return PixelRect(x: cell.x, y: cell.y, width: 0, height: 0) }
        let scale = min(Double(cell.width) / Double(size.width), Double(cell.height) / Double(size.height))
        let width = max(1, min(cell.width, Int((Double(size.width) * scale).rounded())))
        let height = max(1, min(cell.height, Int((Double(size.height) * scale).rounded())))
        return PixelRect(x: cell.x + (cell.width - width) / 2, y: cell.y + (cell.height - height) / 2, width: width, height: height)
    }
}
