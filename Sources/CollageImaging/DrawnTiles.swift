/// A collage's tiles as drawn, and the canvas that holds them: the next collage of a watch, which
/// grows by a photo at a time, shows some photos again at the same size (the first two keep
/// their 900x600 tiles from three photos to four), and copies those pixels instead of
/// resampling the photo again.
public struct DrawnTiles: Sendable {
    /// The canvas, with nothing drawn over the tiles after them.
    let canvas: RGBImage
    /// What was drawn where; each image is held, so that no other image can take its buffer's
    /// address (the identity a tile is recognised by) while this value lives.
    let draws: [TileDraw]

    public init(canvas: RGBImage, draws: [TileDraw]) {
        self.canvas = canvas
        self.draws = draws
    }

    /// `draws` with each tile already drawn here (the same pixels of the same image, at the same
    /// size) taken from this canvas instead: a copy of its rectangle, which `draw` makes row by
    /// row, however far the tile moved.
    public func reusing(in draws: [TileDraw]) -> [TileDraw] {
        draws.map { draw in
            guard let before = self.draws.first(where: { $0.shows(the: draw) }) else { return draw }
            let rect = before.rect
            return TileDraw(image: canvas, region: SourceRegion(x: Double(rect.x), y: Double(rect.y), width: Double(rect.width),
                                                                height: Double(rect.height)), into: draw.rect)
        }
    }
}

extension TileDraw {
    /// Whether this draw's pixels are `other`'s: the same region of the same image (the same
    /// buffer, not equal pixels, which would take a comparison as long as the draw) into a
    /// rectangle of the same size.
    func shows(the other: TileDraw) -> Bool {
        region == other.region && rect.width == other.rect.width && rect.height == other.rect.height
            && image.size == other.image.size && image.size.area > 0 && image.buffer == other.image.buffer
    }
}

extension RGBImage {
    /// The address of the pixels' storage: two images with the same one hold the same pixels.
    var buffer: UnsafeRawPointer? {
        pixels.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }
}
