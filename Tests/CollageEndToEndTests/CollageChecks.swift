import CollageCodecs
import CollageCanvas
import CollageImaging
import CollageTestSupport
import Foundation
import Testing

enum CollageChecks {
    static func decode(_ path: String) throws -> RGBImage {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        return try #require(try PhotoDecoder.decode(bytes) { $0.displayedSize }.image)
    }

    /// The tiles of a `build --pages` page of `count` photos with the book's grid: a full page's
    /// grid (`limit` photos), so a page of fewer keeps a full page's tiles.
    static func pageTiles(count: Int, limit: Int = 6, canvas: PixelSize) -> [PixelRect] {
        let grid = CollageGrid.auto
        return CollageLayout.tiles(count: count, canvas: canvas, style: CollageStyle(grid: .fixed(columns: grid.columns(for: limit), rows: grid.rows(for: limit))))
    }

    /// Each tile shows its photo around the centre (aspect fill crops around it), the right way
    /// round: the centre patch, and one up and to the left of it, which a photo turned 180° or
    /// mirrored would put elsewhere.
    /// `tiles`: where each photo is, when not the book's layout of their count.
    static func expectTiles(of collagePath: String, show photos: [String], in tiles: [PixelRect]? = nil,
                            sourceLocation: SourceLocation = #_sourceLocation) throws {
        let collage = try decode(collagePath)
        for (path, tile) in zip(photos, tiles ?? CollageLayout.tiles(count: photos.count, canvas: collage.size)) {
            let source = try decode(path)
            let scale = max(Double(tile.width) / Double(source.width), Double(tile.height) / Double(source.height))
            let shown = source.resized(to: PixelSize(width: Int((Double(source.width) * scale).rounded(.up)), height: Int((Double(source.height) * scale).rounded(.up))))
            let patch = 24
            let offsets = [(0, 0), (-max(0, min(tile.width / 4, tile.width / 2 - patch / 2)), -max(0, min(tile.height / 4, tile.height / 2 - patch / 2)))]
            for (dx, dy) in offsets {
                let expected = shown.meanColor(in: PixelRect(x: shown.width / 2 + dx - patch / 2, y: shown.height / 2 + dy - patch / 2, width: patch, height: patch))
                let actual = collage.meanColor(in: PixelRect(x: tile.center.x + dx - patch / 2, y: tile.center.y + dy - patch / 2, width: patch, height: patch))
                #expect(actual.distance(to: expected) <= 20, "\(path), \(dx),\(dy) from the centre: \(actual) vs \(expected)", sourceLocation: sourceLocation)
            }
        }
    }
}
