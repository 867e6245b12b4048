import AsyncAlgorithms
import CollageCanvas
import CollageCodecs
import CollageCore
import CollageImaging
@testable import CollagePipeline
import CollageSources
import CollageTestSupport
import Testing
import CollageFiles

@Suite("Reading ahead of the chain: in memory, gates instead of a clock", .timeLimit(.minutes(1)))
struct PrefetcherTests {
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

    /// `build`'s decisions on `items`, read `depth` ahead.
    func decisions(_ items: [PhotoInputs.Item], _ flow: CollageFlow, depth: Int) async -> [Decision] {
        await CollageBuild.decisions(items, flow: flow, depth: depth, memory: DecodeLimits.defaultMaximumDecodeBytes)
    }

    /// A prefetcher of `names` as a build of `limit` reads them.
    func prefetcher(_ names: [String], _ reader: any PhotoReader, depth: Int, limit: Int? = 6) -> Prefetcher {
        let chain = flow(reader, count: names.count, limit: limit ?? 6)
        return Prefetcher(inputs(names), reader: reader, rules: chain.rules, room: limit, depth: depth) { size, index in
            chain.keptSize(of: size, file: index, position: 0)
        }
    }

    /// Runs `names` through the chain reading `depth` ahead: the selection after each photo added.
    func run(_ names: [String], _ reader: any PhotoReader, depth: Int, limit: Int = 6, log: RecordedEvents = RecordedEvents()) async -> [Selection] {
        let decided = await decisions(inputs(names), flow(reader, count: names.count, limit: limit, log: log), depth: depth)
        #expect(decided.map(\.file.description) == names, "one decision per file, in order")
        return decided.compactMap { decision in
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
        let decided = await decisions(items, flow(gated, count: items.count, limit: 3, log: log), depth: 3)
        #expect(decided.map(\.file.description) == ["p1", "album", "p2", "p3", "p4", "p5"])
        #expect(log.lines == ["p1: added", "album: cannot list: Permission denied", "p2: added", "p3: added",
                              "p4: over the limit of 3 photos (raise it with --limit)", "p5: over the limit of 3 photos (raise it with --limit)"])
        #expect(decided.last?.selection.photos.map(\.name.description) == ["p1", "p2", "p3"])
        #expect(!gated.probed.contains("album"))
        #expect(gated.probed.sorted() == ["p1", "p2", "p3"])
    }

    /// A stopped `build`: the files the chain never reached are not over any limit.
    @Test func filesAStoppedReadNeverReachedAreNotOverTheLimit() async {
        let names = (1...4).map { "p\($0)" }
        let photos = InMemoryPhotos(Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, .landscape(seed: $0 + 1)) }), size: Self.size)
        let gated = GatedPhotos(photos, gating: .probe)
        let log = RecordedEvents()
        let chain = flow(gated, count: 4, limit: 3, log: log)
        gated.open("p1")
        let reading = Task { await decisions(inputs(names), chain, depth: 1) }
        var arrivals = gated.arrivals.makeAsyncIterator()
        while let name = await arrivals.next(), name != "p2" {}  // p1 is taken; p2 waits at its gate (nil: cancelled, no spinning)
        reading.cancel()
        let decided = await reading.value
        #expect(decided.map(\.file.description) == names)
        #expect(log.lines.first == "p1: added")
        #expect(log.lines.last == "p4: not read: the build was stopped first")
        #expect(!log.lines.contains { $0.contains("over the limit") }, "\(log.lines)")
    }

    @Test func cancellingDropsWhatIsStillInFlight() async {
        let names = (1...4).map { "p\($0)" }
        let photos = InMemoryPhotos(Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, .landscape(seed: $0 + 1)) }), size: Self.size)
        let gated = GatedPhotos(photos, gating: .probe)
        let ahead = prefetcher(names, gated, depth: 4)
        gated.open("p1")
        guard case .success = await ahead.next(taken: 0)?.outcome else {
            Issue.record("p1 was not read")
            return
        }
        var arrivals = gated.arrivals.makeAsyncIterator()
        for _ in 1...4 { _ = await arrivals.next() }  // p2…p4 wait at their gates
        await ahead.cancel()
        // Cancelled at the gate, they were never decoded; nothing more is handed over.
        #expect(photos.decoded.map(\.0) == ["p1"])
        #expect(await ahead.next(taken: 1) == nil)
    }

    /// The prefetcher decides nothing: each file's step, in order, a photo or why a stage
    /// refused it (its shape from the header, with its size: never decoded), a copy included.
    @Test func everyStepComesInOrderWithTheShapeRuleAppliedAndNothingDecided() async {
        let names = ["a", "tall", "notes.txt", "a-again", "broken", "b"]
        let photos = InMemoryPhotos(Self.mix, size: Self.size)
        let ahead = prefetcher(names, photos, depth: 3, limit: nil)
        var steps: [String] = []
        while let step = await ahead.next(taken: 0) {
            #expect(step.index == steps.count)
            switch step.outcome {
            case .success(let photo): steps.append("\(step.file) \(photo.image.size)")
            case .failure(let refusal): steps.append("\(step.file) \(refusal.rejection.code) \(refusal.size.map(\.description) ?? "-")")
            }
        }
        let kept = { (index: Int) in PlannedKeep.size(Self.size, index, canvas: canvas) }
        #expect(steps == ["a \(kept(0))", "tall portrait 120x160", "notes.txt not-an-image -", "a-again \(kept(3))", "broken corrupt 160x120", "b \(kept(5))"])
    }
}

/// The size a build of six on `canvas` keeps the file at `index` at.
enum PlannedKeep {
    static func size(_ photo: PixelSize, _ index: Int, canvas: PixelSize) -> PixelSize {
        KeptSizePlan.planned(count: 6).keptSize(of: photo, file: index, position: 0, in: Layout(canvas: canvas, limit: 6))
    }
}
