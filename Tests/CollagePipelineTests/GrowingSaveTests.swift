import CollageCanvas
import CollageCodecs
import CollageCore
import CollageImaging
import CollagePipeline
import CollageTestSupport
import CollageWriting
import CollageSaving
import CollageFiles
import Foundation
import Testing

/// A watch's sink keeps each collage's tiles until its batch is complete, and the next collage
/// copies those it shows again: every file it writes has the pixels of a sink that drew it afresh.
@Suite("A watch's sink drawing from its last collage")
struct GrowingSaveTests {
    @Test func eachSaveHasThePixelsOfAFreshOne() async throws {
        let out = try TemporaryDirectory()
        let layout = Layout(canvas: PixelSize(width: 180, height: 120))
        func sink(_ name: String) -> DiskSink {
            DiskSink(layout: layout, output: CollageOutput(path: PathName(out.file(name)), numbered: false), format: .png, writer: CollageWriter())
        }
        func pixels(_ name: String) throws -> RGBImage {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out.file(name))))
            return try PhotoDecoder.decode(bytes, at: layout.canvas).image
        }
        let growing = sink("growing.png")
        var selection = Selection(limit: 6)
        for index in 0..<6 {
            let full = PixelSize(width: 400 + 16 * index, height: 300 + 12 * index)
            let kept = CollageLayout.keptSize(of: full, at: index, canvas: layout.canvas)
            try selection.add(Photo(name: PathName("p\(index).jpg"), size: full, image: TestImages.pattern(seed: index, kept.width, kept.height)))
            _ = try await growing.save(selection, batch: 1).value
            _ = try await sink("fresh.png").save(selection, batch: 1).value
            #expect(try pixels("growing.png") == pixels("fresh.png"), "\(index + 1) photos")
        }
    }
}
