import AsyncAlgorithms
import CollageCanvas
import CollageCore
import CollageImaging
import CollagePipeline
import CollageSources
import CollageTestSupport
import Testing
import CollageFiles

@Suite("Reading ahead of the chain: in memory, gates instead of a clock", .timeLimit(.minutes(1)))
struct PrefetchingReaderTests {
    /// Small photos on a small canvas: in a debug build, making the photos is most of the time.
    let canvas = PixelSize(width: 300, height: 200)
    static let size = PixelSize(width: 160, height: 120)

    func flow(_ reader: any PhotoReader, count: Int, limit: Int = 6, log: RecordedEvents = RecordedEvents()) -> CollageFlow {
        CollageFlow(reader: reader, layout: Layout(canvas: canvas, limit: limit), plan: .planned(count: min(limit, count)), log: log.record)
    }

    /// `names` as `build`'s inputs.
    func inputs(_ names: [String]) -> [PhotoInputs.Item] {
        names.map { .file(PhotoFile($0)) }
    }

    /// Runs `names` through the chain reading `depth` ahead: the selection after each photo added.
    func run(_ names: [String], _ reader: any PhotoReader, depth: Int, limit: Int = 6, log: RecordedEvents = RecordedEvents()) async -> [Selection] {
        let decisions = await PrefetchingReader(inputs(names), flow: flow(reader, count: names.count, limit: limit, log: log), depth: depth).read()
        #expect(decisions.map(\.file.description) == names, "one decision per file, in order")
        return decisions.compactMap { decision in
            if case .added = decision.outcome { return decision.selection }
            return nil
        }
    }

    static let mix: [String: InMemoryPhotos.Kind] = [
        "a": .landscape(seed: 1), "tall": .portrait, "notes.txt": .notAnImage, "b": .landscape(seed: 2),
        "a-again": .landscape(seed: 1), "broken": .corrupt, "c": .landscape(seed: 3), "tall-2": .portrait,
        "d": .landscape(seed: 4), "e": .landscape(seed: 5), "f": .landscape(seed: 6), "g": .landscape(seed: 7),
    ]
    static let order = ["a", "tall", "notes.txt", "b", "a-again", "broken", "c", "tall-2", "d", "e", "f", "g"]

    @Test("The same decisions, in the same order, as one file after another", arguments: [2, 3, 8])
    func readingAheadChangesNothing(depth: Int) async {
        let (alone, aloneLog) = (InMemoryPhotos(Self.mix, size: Self.size), RecordedEvents())
        let sequential = await run(Self.order, alone, depth: 1, log: aloneLog)
        let (ahead, aheadLog) = (InMemoryPhotos(Self.mix, size: Self.size), RecordedEvents())
        let parallel = await run(Self.order, ahead, depth: depth, log: aheadLog)

        #expect(parallel.map { $0.photos.map(\.name.description) } == sequential.map { $0.photos.map(\.name.description) })
        #expect(parallel.last?.photos.map(\.image) == sequential.last?.photos.map(\.image))
        #expect(aheadLog.lines == aloneLog.lines)
        #expect(aloneLog.lines.contains("a-again: duplicate of a"))
        // Each photo decoded once, at the same size; `g` comes after the sixth photo taken.
        #expect(ahead.decoded.sorted { $0.0 < $1.0 }.map { "\($0.0) \($0.1)" } == alone.decoded.sorted { $0.0 < $1.0 }.map { "\($0.0) \($0.1)" })
        #expect(Set(ahead.decoded.map(\.0)) == ["a", "b", "a-again", "c", "d", "e", "f"])
    }

    @Test func photosAreKeptForThePlannedCollageWhateverWasTakenBeforeThem() async {
        let photos = InMemoryPhotos(Self.mix, size: Self.size)
        _ = await run(Self.order, photos, depth: 4)
        let plan = KeptSizePlan.planned(count: 6)
        // Every photo the chain took or compared decoded, once: the loop below checks them all.
        #expect(photos.decoded.map(\.0).sorted() == ["a", "a-again", "b", "c", "d", "e", "f"])
        for (name, kept) in photos.decoded {
            let file = Self.order.firstIndex(of: name)!
            #expect(kept == plan.keptSize(of: Self.size, file: file, position: 0, in: Layout(canvas: canvas, limit: 6)), "\(name)")
        }
    }

    @Test("No more files under way at once than the depth, and as many as it allows", arguments: [2, 3])
    func readsAheadAtMostDepthFilesAtOnce(depth: Int) async throws {
        let names = (1...6).map { "p\($0)" }
        let gated = GatedPhotos(InMemoryPhotos(Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, .landscape(seed: $0 + 1)) }), size: Self.size),
                                gating: .decode)
        let selections = try await withDeadline {
            async let running = run(names, gated, depth: depth)
            // Wait until every decode the depth allows is waiting, then let the oldest finish.
            await gated.release(inOrder: names, together: depth)
            return await running
        }
        #expect(gated.mostInFlight == depth)
        #expect(selections.last?.photos.map(\.name.description) == names)
    }

    @Test func aPhotoRefusedForItsShapeIsNeverDecoded() async {
        // InMemoryPhotos records an issue if a portrait is decoded.
        let names = ["tall", "a", "tall-2", "b", "c"]
        let photos = InMemoryPhotos(Self.mix, size: Self.size)
        let selections = await run(names, photos, depth: 5)
        #expect(selections.last?.photos.map(\.name.description) == ["a", "b", "c"])
        #expect(Set(photos.decoded.map(\.0)) == ["a", "b", "c"])
    }

    @Test func filesAfterTheLastPhotoTakenAreNeverRead() async {
        // takeWhile promises that the files after the limit are not read: reading ahead must not
        // read them either, however deep.
        let names = (1...8).map { "p\($0)" }
        let gated = GatedPhotos(InMemoryPhotos(Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, .landscape(seed: $0 + 1)) }), size: Self.size),
                                gating: .none)
        let selections = await run(names, gated, depth: 8, limit: 3)
        #expect(selections.last?.photos.count == 3)
        // Probes run side by side, so their order is the scheduler's; which files were read is not.
        #expect(gated.probed.sorted() == ["p1", "p2", "p3"])
    }

    @Test func eachFileGetsItsDecisionInOrderAKnownFailureUnread() async {
        // A folder that could not be listed is refused in its place; the files after the
        // limit are over it, and never read.
        let names = (1...5).map { "p\($0)" }
        let gated = GatedPhotos(InMemoryPhotos(Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, .landscape(seed: $0 + 1)) }), size: Self.size),
                                gating: .none)
        let unlisted = Rejection.unusable(.unreadable, detail: "cannot list: Permission denied")
        var items = inputs(names)
        items.insert(.unusable(PhotoFile("album"), unlisted), at: 1)
        let log = RecordedEvents()
        let decisions = await PrefetchingReader(items, flow: flow(gated, count: items.count, limit: 3, log: log), depth: 3).read()
        #expect(decisions.map(\.file.description) == ["p1", "album", "p2", "p3", "p4", "p5"])
        #expect(log.lines == ["p1: added", "album: cannot list: Permission denied", "p2: added", "p3: added",
                              "p4: over the limit of 3 photos (raise it with --limit)", "p5: over the limit of 3 photos (raise it with --limit)"])
        #expect(decisions.last?.selection.photos.map(\.name.description) == ["p1", "p2", "p3"])
        #expect(!gated.probed.contains("album"))
        #expect(gated.probed.sorted() == ["p1", "p2", "p3"])
    }

    /// A stopped `build`: the files the chain never reached are not over any limit.
    @Test func filesAStoppedReadNeverReachedAreNotOverTheLimit() async {
        let names = (1...4).map { "p\($0)" }
        let photos = InMemoryPhotos(Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, .landscape(seed: $0 + 1)) }), size: Self.size)
        let gated = GatedPhotos(photos, gating: .probe)
        let log = RecordedEvents()
        let reader = PrefetchingReader(inputs(names), flow: flow(gated, count: 4, limit: 3, log: log), depth: 1)
        gated.open("p1")
        let reading = Task { await reader.read() }
        var arrivals = gated.arrivals.makeAsyncIterator()
        while await arrivals.next() != "p2" {}  // p1 is taken; p2 waits at its gate
        reading.cancel()
        let decisions = await reading.value
        #expect(decisions.map(\.file.description) == names)
        #expect(log.lines.first == "p1: added")
        #expect(log.lines.last == "p4: not read: the build was stopped first")
        #expect(!log.lines.contains { $0.contains("over the limit") }, "\(log.lines)")
    }

    @Test func cancellingDropsWhatIsStillInFlight() async {
        let names = (1...4).map { "p\($0)" }
        let photos = InMemoryPhotos(Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, .landscape(seed: $0 + 1)) }), size: Self.size)
        let gated = GatedPhotos(photos, gating: .probe)
        let prefetcher = PrefetchingReader(inputs(names), flow: flow(gated, count: 4), depth: 4)
        gated.open("p1")
        guard case .success = await prefetcher.probe(PhotoFile("p1")) else {
            Issue.record("p1 was not probed")
            return
        }
        var arrivals = gated.arrivals.makeAsyncIterator()
        for _ in 1...4 { _ = await arrivals.next() }  // p2…p4 wait at their gates
        await prefetcher.cancel()
        // Cancelled at the gate, they were never decoded; the chain reads directly from now on.
        #expect(photos.decoded.map(\.0) == ["p1"])
        gated.open("p2")
        guard case .success = await prefetcher.probe(PhotoFile("p2")) else {
            Issue.record("p2 was not probed")
            return
        }
        #expect(gated.probed.filter { $0 == "p2" }.count == 2)
    }

    @Test func aSizeOtherThanPlannedIsDecodedAsAsked() async {
        let photos = InMemoryPhotos(["a": .landscape(seed: 1)], size: Self.size)
        let chain = CollageFlow(reader: photos, layout: Layout(canvas: PixelSize(width: 200, height: 150), limit: 6), plan: .planned(count: 6), log: { _ in })
        let (planned, asked) = (chain.keptSize(of: Self.size, file: 0, position: 0), PixelSize(width: 150, height: 112))
        #expect(planned != asked)
        let prefetcher = PrefetchingReader(inputs(["a"]), flow: chain, depth: 2)
        guard case .success(let probed) = await prefetcher.probe(PhotoFile("a")),
              case .success(let photo) = await probed.decode(keeping: asked)
        else {
            Issue.record("a was not read")
            return
        }
        #expect(photo.image.size == asked)
        #expect(photos.decoded.map(\.1) == [planned, asked])
        await prefetcher.cancel()
    }
}
