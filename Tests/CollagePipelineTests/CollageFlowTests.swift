import CollageEvents
import CollageCanvas
import CollageCore
import CollageImaging
import CollageSources
@testable import CollagePipeline
import CollageTestSupport
import Testing
import CollageFiles

@Suite("The chain, with an in-memory source: no files, no clock", .timeLimit(.minutes(1)))
struct CollageFlowTests {
    let canvas = PixelSize(width: 600, height: 400)

    func files(_ names: [String]) -> [PhotoFile] { names.map { PhotoFile($0) } }

    /// Runs a finite list through the chain and returns every selection it emitted.
    func run(_ names: [String], _ photos: InMemoryPhotos, log: RecordedEvents, overflow: Overflow = Overflow()) async -> [Selection] {
        let flow = CollageFlow(reader: photos, layout: Layout(canvas: canvas), log: log.record)
        let source = TestSource<PhotoFile>()
        for file in files(names) { source.send(file) }
        source.finish()
        var selections: [Selection] = []
        for await selection in flow.selections(from: source, overflow: overflow) { selections.append(selection) }
        return selections
    }

    @Test func rulesApplyInOrderAndEveryRefusalIsReported() async {
        let photos = InMemoryPhotos([
            "a": .landscape(seed: 1), "tall": .portrait, "notes.txt": .notAnImage,
            "b": .landscape(seed: 2), "a-again": .landscape(seed: 1), "broken": .corrupt,
        ])
        let log = RecordedEvents()
        let selections = await run(["a", "tall", "notes.txt", "b", "a-again", "broken"], photos, log: log)
        #expect(selections.map { $0.photos.map(\.name) } == [["a"], ["a", "b"]])
        #expect(log.lines == [
            "a: added",
            "tall: portrait (300x400 as displayed), only landscape photos are used (keep them with --accept any)",
            "notes.txt: not an image (neither JPEG, PNG, HEIC, AVIF, HEIF nor WebP)",
            "b: added",
            "a-again: duplicate of a",
            "broken: corrupt JPEG file: bad Huffman table",
        ])
    }

    @Test func eachAcceptedPhotoIsDecodedOnceAtTheSizeOfTheLargestTileItCanGet() async {
        let names = (1...6).map { "p\($0)" }
        let photos = InMemoryPhotos(Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, .landscape(seed: $0 + 1)) }))
        _ = await run(names, photos, log: RecordedEvents())
        #expect(photos.decoded.map(\.0) == names)
        #expect(photos.decoded.map(\.1) == (0..<6).map { CollageLayout.keptSize(of: InMemoryPhotos.photoSize, at: $0, canvas: canvas) })
    }

    @Test func takeWhileEndsTheChainAtSixAndKeepsTheFileThatEndedIt() async throws {
        let names = (1...8).map { "p\($0)" }
        let photos = InMemoryPhotos(Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, .landscape(seed: $0 + 1)) }))
        let flow = CollageFlow(reader: photos, layout: Layout(canvas: canvas), log: { _ in })
        let source = TestSource<PhotoFile>()
        let overflow = Overflow()
        var selections = flow.selections(from: source, overflow: overflow).makeAsyncIterator()
        for name in names.prefix(6) { source.send(PhotoFile(name)) }
        var last = Selection()
        for _ in 1...6 { last = try await selections.next() ?? last }
        #expect(last.count == 6 && last.isFull)
        // The sixth is out at once; the chain ends as soon as anything else arrives.
        source.send(PhotoFile("p7"))
        #expect(try await selections.next() == nil)
        #expect(overflow.take() == PhotoFile("p7"))
        #expect(photos.decoded.count == 6)  // p7 was never probed or decoded
        source.send(PhotoFile("p8"))
        #expect(source.taken == 7)
    }

    /// The nearest a photo is reported with (`-v`) is over every photo taken before it, not only
    /// the fingerprint's candidates: photos of other scenes still name the closest of them.
    @Test func eachAddedPhotoReportsTheNearestOfEveryPhotoTakenBeforeIt() async throws {
        let names = ["p1", "p2", "p3", "p4"]
        let photos = InMemoryPhotos(Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, .landscape(seed: $0 + 1)) }))
        let log = RecordedEvents()
        _ = await run(names, photos, log: log)
        var added: [Photo] = []
        for event in log.all {
            guard case .added(_, let photo, let count, let nearest) = event else { continue }
            #expect(count == added.count + 1)
            let expected = PhotoRules.nearest(to: photo, among: added)
            #expect(nearest?.photo.name == expected?.photo.name)
            #expect(nearest?.distance == expected?.distance)
            #expect(nearest?.fingerprintDistance == expected?.fingerprintDistance)
            if !added.isEmpty {
                let reported = try #require(nearest)
                #expect(!reported.isCandidate)
            }
            added.append(photo)
        }
        #expect(added.map(\.name) == ["p1", "p2", "p3", "p4"])
    }

    @Test func anEmptySourceEmitsNothing() async {
        #expect(await run([], InMemoryPhotos([:]), log: RecordedEvents()).isEmpty)
    }
}
