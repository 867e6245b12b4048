import CollageCodecs
import CollageCore
import ArgumentParser
import CollagePipeline
import Testing
@testable import collage

/// The commands' arguments parsed alone, as swift-argument-parser's own tests do: what each
/// option becomes, and what `validate()` refuses, without running anything.
@Suite("Parsing alone: what build, inspect and watch make of their arguments", .timeLimit(.minutes(2)))
struct CommandParsingTests {
    @Test func buildTakesPhotosInOrderAndAnOutputWhoseExtensionPicksTheFormat() throws {
        let build = try Collage.Build.parse(["b.png", "a.jpg", "-o", "out.PNG", "--dry-run", "--limit", "4"])
        #expect(build.inputs.photos.map(\.description) == ["b.png", "a.jpg"])
        #expect(build.output.resolvedFormat == .png)
        #expect(build.dryRun)
        #expect(build.rules.limit == 4)
        #expect(try Collage.Build.parse(["a.jpg"]).output.resolvedFormat == .jpeg)  // collage.jpg
    }

    /// `--similarity`'s documented default: 12, halfway between copies and other captures
    /// (`SamePhotoTests` measures both sides).
    @Test func theSimilarityDefaultIsTwelve() throws {
        #expect(try Collage.Build.parse(["a.jpg"]).rules.similarity == 12)
        #expect(try Collage.Watch.parse(["photos"]).rules.similarity == 12)
    }

    @Test func buildRefusesWhatCannotWork() {
        #expect(throws: (any Error).self) { try Collage.Build.parse(["-o", "out.jpg"]) }  // no photo
        #expect(throws: (any Error).self) { try Collage.Build.parse(["a.jpg", "-o", "-", "--json"]) }  // two writers of stdout
        #expect(throws: (any Error).self) { try Collage.Build.parse(["a.jpg", "-o", "out.gif"]) }  // no such format
        #expect(throws: (any Error).self) { try Collage.Build.parse(["a.jpg", "--max-pixels", "0"]) }
    }

    @Test func readLimitsBecomeOneValue() throws {
        let inspect = try Collage.Inspect.parse(["--max-pixels", "1000", "--max-file-size", "2K", "a.jpg"])
        #expect(inspect.inputs.limits.readLimits == ReadLimits(decode: DecodeLimits(maximumPixels: 1000), maximumFileBytes: 2048))
        #expect(try Collage.Inspect.parse(["a.jpg"]).inputs.limits.readLimits == ReadLimits())
        let watch = try Collage.Watch.parse(["photos", "--max-memory", "512M"])
        #expect(watch.limits.readLimits.decode.maximumDecodeBytes == 512 << 20)
        #expect(ReadLimits().decode.maximumDecodeBytes == 1 << 30)
    }

    @Test func watchTakesAFolderAThrottleAndBatches() throws {
        let watch = try Collage.Watch.parse(["photos", "--throttle", "2", "--batches", "-o", "prints/booth.jpg"])
        #expect(watch.folder.description == "photos")
        #expect(watch.throttle == 2)
        #expect(watch.batches)
        #expect(watch.output.output.description == "prints/booth.jpg")
        #expect(throws: (any Error).self) { try Collage.Watch.parse([]) }
    }
}
