/// A size in whole pixels.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var area: Int { width * height }
    /// The book's one rule of shape: landscape means strictly wider than tall.
    public var isLandscape: Bool { width > height }
    public var transposed: PixelSize { PixelSize(width: height, height: width) }
    public var description: String { "\(width)x\(height)" }
}

/// A rectangle in whole pixels: a tile of the collage.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Nothing yet: a placeholder until the layout is known.
    public static let zero = PixelRect(x: 0, y: 0, width: 0, height: 0)

    public var size: PixelSize { PixelSize(width: width, height: height) }
    public var center: (x: Int, y: Int) { (x + width / 2, y + height / 2) }
    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
