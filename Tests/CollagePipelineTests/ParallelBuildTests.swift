import CollageEvents
import CollageCodecs
import CollageCanvas
import CollageCore
import CollageImaging
import CollagePipeline
import CollageSources
import CollageTestSupport
import Foundation
import Testing
import CollageFiles

@Suite("build decodes several photos at once, with the result of one after another")
struct ParallelBuildTests {
    /// Landscapes, a portrait, a copy and a corrupt file: every rule has something to do.
    static let inputs = ["autumn.jpg", "portrait.jpg", "bythewater.jpg", "kite.jpg", "kite-copy.jpg", "coldripple.jpg",
                         "truncated.jpg", "eveningglow.jpg", "fallenleaf.jpg", "path.jpg"].map(Fixtures.path)

    @Test func theCollageIsTheSameByteForByteAcrossRunsAndOneDecoderAtATime() async throws {
        let folder = try TemporaryDirectory()
        var outputs: [Data] = []
        for (run, decoders) in [nil, nil, "1", "4"].enumerated() {
            let output = folder.file("collage-\(run).jpg")
            let result = try await CollageCommand.run(
                ["build"] + Self.inputs + ["-o", output, "--size", "300x100"],
                environment: decoders.map { ["COLLAGE_DECODERS": $0] } ?? [:])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderrLines.count == 4, "\(result.stderr)")  // portrait, copy, truncated, over the limit
            outputs.append(try Data(contentsOf: URL(fileURLWithPath: output)))
        }
        #expect(Set(outputs).count == 1)
    }

    @Test func aPhotoWhoseTileGrewBecauseAnotherWasRefusedIsDecodedAgainNotEnlarged() async throws {
        // Planned for four (2x2 tiles of 150x75 on 300x150), the photos are kept at 154x96 and
        // decoded at 1/2. The portrait leaves three: the third's tile is 300x75 wide, so it is
        // decoded again, whole.
        let folder = try TemporaryDirectory()
        let items = ["autumn.jpg", "kite.jpg", "portrait.jpg", "path.jpg"].map { PhotoInputs.Item.file(PhotoFile(path: PathName(Fixtures.path($0)))) }
        let build = CollageBuild(options: CollageOptions(layout: Layout(canvas: PixelSize(width: 300, height: 150))))
        let report = await build.run(items, to: .file(PathName(folder.file("c.jpg"))), as: .jpeg) { _ in }
        #expect(report.failure == nil)
        let used = report.used.map(\.photo)
        #expect(used.map(\.image.size) == [PixelSize(width: 154, height: 96), PixelSize(width: 154, height: 96), PixelSize(width: 300, height: 188)])
        #expect(used.map { $0.decoding?.scale } == [2, 2, 1])
        #expect(report.used.map(\.tile.size) == [PixelSize(width: 150, height: 75), PixelSize(width: 150, height: 75), PixelSize(width: 300, height: 75)])
    }
}
