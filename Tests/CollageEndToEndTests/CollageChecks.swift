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

    /// Each tile's centre shows its photo's centre: aspect fill crops around the centre.
    static func expectTiles(of collagePath: String, show photos: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let collage = try decode(collagePath)
        for (path, tile) in zip(photos, CollageLayout.tiles(count: photos.count, canvas: collage.size)) {
            let source = try decode(path)
            let scale = max(Double(tile.width) / Double(source.width), Double(tile.height) / Double(source.height))
            let shown = source.resized(to: PixelSize(width: Int((Double(source.width) * scale).rounded(.up)), height: Int((Double(source.height) * scale).rounded(.up))))
            let patch = 24
            let expected = shown.meanColor(in: PixelRect(x: shown.width / 2 - patch / 2, y: shown.height / 2 - patch / 2, width: patch, height: patch))
            let actual = collage.meanColor(in: PixelRect(x: tile.center.x - patch / 2, y: tile.center.y - patch / 2, width: patch, height: patch))
            #expect(actual.distance(to: expected) <= 20, "\(path): \(actual) vs \(expected)", sourceLocation: sourceLocation)
        }
    }
}
