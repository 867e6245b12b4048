public import CollageCore
public import CollageImaging

/// The collage every layer lays out, passed as one value: its size in pixels, its look (grid,
/// gaps, margins, background, crops) and how many photos it takes.
public struct Layout: Hashable, Sendable {
    public var canvas: PixelSize
    public var style: CollageStyle
    /// The book's takeWhile: how many photos a collage takes.
    public var limit: Int

    public init(canvas: PixelSize, style: CollageStyle = .book, limit: Int = PhotoRules.maximumPhotos) {
        self.canvas = canvas
        self.style = style
        self.limit = limit
    }

    /// The tiles of a collage of `count` photos.
    public func tiles(count: Int) -> [PixelRect] {
        CollageLayout.tiles(count: count, canvas: canvas, style: style)
    }
}
