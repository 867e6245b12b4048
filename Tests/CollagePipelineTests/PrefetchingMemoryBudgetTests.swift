import CollageCanvas
import CollageCore
@testable import CollagePipeline
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
    /// reach their gates before letting the first to arrive finish, then returns the most under way at once.
    func run(need: Int, memory: Int, depth: Int, together: Int) async throws -> (mostInFlight: Int, taken: [String]) {
        let photos = InMemoryPhotos(Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, .landscape(seed: $0 + 1)) }),
                                    size: PixelSize(width: 160, height: 120))
        let gated = GatedPhotos(photos, gating: .decode, needs: Dictionary(uniqueKeysWithValues: names.map { ($0, need) }))
        let flow = CollageFlow(reader: gated, layout: Layout(canvas: canvas, limit: 6), plan: .planned(count: 6), log: RecordedEvents().record)
        let items: [PhotoInputs.Item] = names.map { .file(PhotoFile($0)) }
        // A decode left waiting for memory that never frees would hang here: a failure instead.
        let decisions = try await withDeadline {
            async let read = CollageBuild.decisions(items, flow: flow, depth: depth, memory: memory)
            await gated.releaseAsTheyArrive(count: names.count, together: together)
            return await read
        }
        return (gated.mostInFlight, decisions.last?.selection.photos.map(\.name.description) ?? [])
    }

    /// Each photo's need, and how many decodes the budget of 1000 lets run at once (depth 3). A
    /// photo over the budget alone (refused from its header by the loader) runs alone, never
    /// blocking the chain.
    /// (500, 2): needs that sum to exactly the budget fit ("at most `memory`"); (334, 2): a third
    /// would go over it by 2.
    @Test("Decodes run together only while their needs fit the budget",
          arguments: [(300, 3), (400, 2), (600, 1), (2000, 1), (500, 2), (334, 2)])
    func decodesRunTogetherOnlyWhileTheyFit(need: Int, together: Int) async throws {
        let result = try await run(need: need, memory: 1000, depth: 3, together: together)
        #expect(result.mostInFlight == together)
        #expect(result.taken == names)
    }
}
