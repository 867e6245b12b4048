import CollageCanvas
import CollageCore
import CollageImaging
import Testing

/// A watch's collage grows a photo at a time, each one drawn with the tiles of the one before
/// (`RenderedCollage.drawn`): the same pixels as drawing it afresh, at every count.
@Suite("A collage drawn from the one before")
struct GrowingCollageTests {
    static let canvas = PixelSize(width: 180, height: 120)

    /// Photos of noise (a multiplicative hash), each of its own size, kept as a watch keeps them.
    static let photos: [Photo] = (0..<6).map { index in
        let full = PixelSize(width: 400 + 16 * index, height: 300 + 12 * index)
        let kept = CollageLayout.keptSize(of: full, at: index, canvas: canvas)
        let image = RGBImage(size: kept, pixels: (0..<kept.area * 3).map { UInt8(truncatingIfNeeded: (($0 &+ index &* 7919) &* 2_654_435_761) >> 13) })
        return Photo(name: PathName("p\(index)"), size: full, image: image)
    }

    static let values = CaptionValues(date: nil, today: DateFields(year: 2026, month: 11, day: 28, hour: 12, minute: 0, second: 0), number: 1, photos: 0)

    static func render(_ count: Int, style: CollageStyle = .book, decorations: Decorations = .none, reusing previous: DrawnTiles?) throws -> RenderedCollage {
        try CollageRenderer.render(Array(photos.prefix(count)), canvas: canvas, style: style, decorations: decorations, values: values,
                                   reusing: previous, keepingTiles: true)
    }

    @Test func eachCollageDrawnFromTheOneBeforeHasThePixelsOfDrawingItAfresh() throws {
        var previous: DrawnTiles?
        for count in 1...6 {
            let grown = try Self.render(count, reusing: previous)
            #expect(grown.image == CollageRenderer.render(Array(Self.photos.prefix(count)), canvas: Self.canvas), "\(count) photos")
            previous = grown.drawn
        }
    }

    /// Gaps, a margin and a background show between the tiles: only the tiles are copied.
    @Test func aStyleWithGapsAndABackgroundIsDrawnTheSame() throws {
        var style = CollageStyle.book
        style.gap = 6
        style.margin = 4
        style.background = RGB(red: 20, green: 40, blue: 60)
        var previous: DrawnTiles?
        for count in 1...6 {
            let grown = try Self.render(count, style: style, reusing: previous)
            #expect(grown.image == CollageRenderer.render(Array(Self.photos.prefix(count)), canvas: Self.canvas, style: style).image, "\(count) photos")
            previous = grown.drawn
        }
    }

    /// An overlay (a frame) is drawn over the tiles: its canvas has no clean tile to copy.
    @Test func aCollageUnderAnOverlayKeepsNoTiles() throws {
        let frame = RGBAImage(size: PixelSize(width: 2, height: 2), straight: [UInt8](repeating: 128, count: 16))
        #expect(try Self.render(3, decorations: Decorations(overlay: frame), reusing: nil).drawn == nil)
        #expect(try CollageRenderer.render(Array(Self.photos.prefix(3)), canvas: Self.canvas, style: .book, decorations: .none,
                                           values: Self.values).drawn == nil)
    }
}
