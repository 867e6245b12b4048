public import CollageCore
public import CollageImaging
/// Draws a selection: each photo aspect-filling its tile, cropped where the style's strategy
/// says, on the style's background.
public enum CollageRenderer {
    /// The book's look: the book's grid, centre crops, on white.
    public static func render(_ photos: [Photo], canvas: PixelSize) -> RGBImage {
        render(photos, canvas: canvas, style: .book).image
    }

    /// The photos in a style, without decorations: a caption's band is left empty.
    public static func render(_ photos: [Photo], canvas: PixelSize, style: CollageStyle) -> RenderedCollage {
        compose(photos, canvas: canvas, style: style, decorations: .none, caption: nil)
    }

    /// The whole print: the background image under everything, the photos, the logo in its cell,
    /// the caption in its band (its placeholders filled from `values`), the frame over it all,
    /// then the copies of a sheet. Each photo's label (`style.label`) is filled from its own
    /// `labels` values. Throws when the text stack fails to set the caption or a label.
    /// Tiles `previous` drew already are copied from it; with `keepingTiles`, the result carries
    /// its own (`RenderedCollage.drawn`) for the next collage.
    public static func render(_ photos: [Photo], canvas: PixelSize, style: CollageStyle, decorations: Decorations,
                              values: CaptionValues, labels: [CaptionValues] = [], reusing previous: DrawnTiles? = nil,
                              keepingTiles: Bool = false) throws -> RenderedCollage {
        var caption: AlphaMask?
        var labelMasks: [AlphaMask] = []
        if let label = style.label, let typesetter = decorations.typesetter {
            let strips = CollageLayout.tiles(count: photos.count, canvas: canvas, style: style).map { label.split($0).strip.size }
            labelMasks = try TileLabel.typeset(labels.map { label.template.line(with: $0) }, in: strips, typesetter: typesetter)
        }
        if let captionStyle = style.caption, let band = CollageLayout.captionBand(canvas: canvas, style: style),
           let typesetter = decorations.typesetter {
            let lines = captionStyle.lines.map { $0.text(with: values) }
            caption = try CaptionLayout.typeset(lines, in: band.size, style: captionStyle, typesetter: typesetter)
        }
        return compose(photos, canvas: canvas, style: style, decorations: decorations, caption: caption, labels: labelMasks,
                       reusing: previous, keepingTiles: keepingTiles)
    }

    private static func compose(_ photos: [Photo], canvas: PixelSize, style: CollageStyle, decorations: Decorations,
                                caption: AlphaMask?, labels: [AlphaMask] = [], reusing previous: DrawnTiles? = nil,
                                keepingTiles: Bool = false) -> RenderedCollage {
        let size = CollageLayout.collageSize(canvas: canvas, style: style)
        let whole = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        let placements = placements(of: photos, canvas: canvas, style: style)
        let tiles = zip(photos, placements).map { TileDraw(image: $0.image, region: $1.region, into: $1.tile) }
        // Tiles that cover the canvas leave no background to paint.
        var collage = (decorations.background == nil ? RGBImage(size: size, coveredBy: tiles) : nil)
            ?? RGBImage(size: size, filledWith: style.background)
        if let background = decorations.background {
            collage.draw(background, region: SourceRegion.centreCrop(of: background.size, toFill: size), into: whole)
        }
        collage.draw(previous?.reusing(in: tiles) ?? tiles)
        if let label = style.label {
            for (mask, tile) in zip(labels, CollageLayout.tiles(count: photos.count, canvas: canvas, style: style)) {
                let strip = label.split(tile).strip
                collage.composite(mask, colour: label.colour, atX: strip.x, y: strip.y)
            }
        }
        if let logo = decorations.logo, let cell = CollageLayout.logoTile(count: photos.count, canvas: canvas, style: style) {
            let rect = Decorations.fitted(logo.size, in: cell)
            collage.composite(logo.resized(to: rect.size), atX: rect.x, y: rect.y)
        }
        if let caption, let colour = style.caption?.colour, let band = CollageLayout.captionBand(canvas: canvas, style: style) {
            collage.composite(caption, colour: colour, atX: band.x, y: band.y)
        }
        if let overlay = decorations.overlay {
            collage.composite(overlay.resized(to: size), atX: 0, y: 0)
        }
        // Nothing but an overlay is drawn over the tiles: the labels, the logo and the caption
        // have places of their own.
        let drawn = keepingTiles && decorations.overlay == nil ? DrawnTiles(canvas: collage, draws: tiles) : nil
        guard let sheet = style.sheet else { return RenderedCollage(image: collage, tiles: placements, drawn: drawn) }
        var print = RGBImage(size: canvas, filledWith: style.background)
        for cell in sheet.cells(on: canvas) { print.paste(collage, atX: cell.x, y: cell.y) }
        if sheet.cutMarks {
            for line in sheet.cutLines(on: canvas) { print.fill(line, with: SheetLayout.cutColour) }
        }
        return RenderedCollage(image: print, tiles: placements, drawn: drawn)
    }

    /// Where each photo goes and which part of it shows, without drawing: for reports that
    /// describe a collage (`--json`) without rendering it.
    /// With labels, a photo's tile is its cell less the label's strip; with `--fit contain`, the
    /// part of it the whole photo takes.
    public static func placements(of photos: [Photo], canvas: PixelSize, style: CollageStyle) -> [TilePlacement] {
        zip(photos, CollageLayout.tiles(count: photos.count, canvas: canvas, style: style)).map { photo, cell in
            let tile = style.label?.split(cell).photo ?? cell
            return style.fit.placement(of: photo, in: tile, crop: style.crop)
        }
    }
}

/// A collage and, for each photo in order, where it went.
public struct RenderedCollage: Sendable {
    public let image: RGBImage
    public let tiles: [TilePlacement]
    /// The tiles as drawn, for the next collage to copy those it shows again (when asked for).
    public let drawn: DrawnTiles?
}

/// One photo's place in a collage.
public struct TilePlacement: Equatable, Sendable {
    /// Where the photo is drawn, in collage pixels.
    public let tile: PixelRect
    /// The part of the photo shown, in the original photo's pixels as displayed (after EXIF
    /// orientation), rounded to whole pixels: what a user can find in their photo. The kept copy
    /// the tile is drawn from is a scaled copy; this is scaled back by `Photo.size`.
    public let crop: PixelRect
    /// The same window in the kept copy's pixels, unrounded: what was drawn.
    public let region: SourceRegion

    public init(photo: Photo, tile: PixelRect, region: SourceRegion) {
        self.tile = tile
        self.region = region
        let scaleX = Double(photo.size.width) / Double(max(1, photo.image.width))
        let scaleY = Double(photo.size.height) / Double(max(1, photo.image.height))
        func edge(_ value: Double, _ scale: Double, _ limit: Int) -> Int {
            min(limit, max(0, Int((value * scale).rounded())))
        }
        let left = edge(region.x, scaleX, photo.size.width), right = edge(region.x + region.width, scaleX, photo.size.width)
        let top = edge(region.y, scaleY, photo.size.height), bottom = edge(region.y + region.height, scaleY, photo.size.height)
        crop = PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
