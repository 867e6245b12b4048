import CollageCore
import CollagePipeline
import CollageSources
import CollageImaging
import CollageFiles
import CollageTestSupport
import Testing

/// The read-ahead's memory budget (`--max-memory`): decodes whose needs, read from their headers,
/// would together go over it never run at once. In memory, with gates instead of a clock.
@Suite("Reading ahead within a memory budget", .timeLimit(.minutes(1)))
struct PrefetchingMemoryBudgetTests {
    let canvas = PixelSize(width: 300, height: 200)
    let names = (1...6).map { "p\($0)" }

    /// Six photos, each needing `need`, read `depth` ahead within `memory`: lets `together` decodes
    /// reach their gates before letting the oldest finish, then returns the most under way at once.
    func run(need: Int, memory: Int, depth: Int, together: Int) async -> (mostInFlight: Int, taken: [String]) {
        let photos = InMemoryPhotos(Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, .landscape(seed: $0 + 1)) }),
                                    size: PixelSize(width: 160, height: 120))
        let gated = GatedPhotos(photos, gating: .decode, needs: Dictionary(uniqueKeysWithValues: names.map { ($0, need) }))
        let flow = CollageFlow(reader: gated, layout: Layout(canvas: canvas, limit: 6), plan: .planned(count: 6), log: RecordedEvents().record)
        let reader = PrefetchingReader(names.map { .file(PhotoFile($0)) }, flow: flow, depth: depth, memory: memory)
        let running = Task { await reader.read() }
        var arrivals = gated.arrivals.makeAsyncIterator()
        var (arrived, released) = (0, 0)
        while released < names.count {
            while arrived - released < min(together, names.count - released) {
                _ = await arrivals.next()
                arrived += 1
            }
            gated.open(names[released])
            released += 1
        }
        let decisions = await running.value
        return (gated.mostInFlight, decisions.last?.selection.photos.map(\.name.description) ?? [])
    }

    @Test func decodesThatFitTogetherRunTogetherUpToTheDepth() async {
        let result = await run(need: 300, memory: 1000, depth: 3, together: 3)
        #expect(result.mostInFlight == 3)
        #expect(result.taken == names)
    }

    @Test func twoThatFitRunTogetherNeverAThird() async {
        let result = await run(need: 400, memory: 1000, depth: 3, together: 2)
        #expect(result.mostInFlight == 2)
        #expect(result.taken == names)
    }

    @Test func photosThatEachNeedMostOfTheBudgetDecodeOneAtATime() async {
        let result = await run(need: 600, memory: 1000, depth: 3, together: 1)
        #expect(result.mostInFlight == 1)
        #expect(result.taken == names)
    }

    @Test func aPhotoOverTheBudgetAloneStillRunsAloneNeverBlocksTheChain() async {
        // Refused from its header by the loader; a reader given one anyway runs it alone.
        let result = await run(need: 2000, memory: 1000, depth: 3, together: 1)
        #expect(result.mostInFlight == 1)
        #expect(result.taken == names)
    }
}
