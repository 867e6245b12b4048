import CollageTestSupport
import Foundation
import Testing

/// `--max-memory`, through the real executable: a progressive 4:4:4 JPEG within --max-pixels whose
/// header says libjpeg would keep ~577 MiB of coefficients is refused from its header, in build and
/// inspect alike. (Decoding it, with the default budget, is measured by
/// Tests/Benchmarks/memory-benchmark.sh: too slow for a debug test.)
@Suite("The decode memory budget, end to end through the real executable", .timeLimit(.minutes(2)))
struct MemoryBudgetEndToEndTests {
    let reason = "needs 577 MiB to decode, over --max-memory 512M"

    @Test func buildRefusesTheBombFromItsHeader() async throws {
        let folder = try TemporaryDirectory()
        let result = try await CollageCommand.run(["build", "--json", "--max-memory", "512M", Fixtures.path("progressive-bomb.jpg"),
                                                   Fixtures.path("autumn.jpg"), "-o", folder.file("out.jpg")])
        #expect(result.status == 0)
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let inputs = report["inputs"] as! [[String: Any]]
        #expect(inputs.map { $0["reason"] as? String } == ["too-large", nil])
        #expect(inputs.first?["detail"] as? String == reason)
        #expect(result.stderrLines.contains("collage: \(Fixtures.path("progressive-bomb.jpg")): \(reason)"), "\(result.stderr)")
    }

    @Test func inspectGivesTheSameVerdict() async throws {
        let result = try await CollageCommand.run(["inspect", "--json", "--max-memory", "512M", Fixtures.path("progressive-bomb.jpg"),
                                                   Fixtures.path("wide-progressive-eoi.jpg")])
        let lines = result.stdout.split(separator: "\n").map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect(lines.map { $0["reason"] as? String } == ["too-large", "too-large"])
        #expect(lines.map { $0["detail"] as? String } == [reason, "needs 575 MiB to decode, over --max-memory 512M"])
    }

    /// A phone's formats count too: a HEIC and a lossless WebP are refused from their header under
    /// a budget just below what their decode takes (PhoneFormatDecodingTests has the sums): the
    /// HEIC's planes at full size, the WebP's whole ARGB; the JPEG beside them, at 1/8, is kept.
    @Test func aHEICAndAWebPCountAgainstTheBudget() async throws {
        let folder = try TemporaryDirectory()
        let budget = 320 * 200 * 3 / 2 + 320 * 200 * 3  // kite.heic's planes alone: less than both need
        let result = try await CollageCommand.run(["build", "--json", "--max-memory", String(budget), Fixtures.path("kite.heic"),
                                                   Fixtures.path("eveningglow-lossless.webp"), Fixtures.path("autumn.jpg"), "-o", folder.file("out.jpg")])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let inputs = report["inputs"] as! [[String: Any]]
        #expect(inputs.map { $0["reason"] as? String } == ["too-large", "too-large", nil])
        #expect(inputs.first?["detail"] as? String == "needs 1 MiB to decode, over --max-memory \(budget)")
    }

    @Test("Bad budgets are usage errors", arguments: ["0", "-1M", "lots"])
    func aBadBudgetIsAUsageError(value: String) async throws {
        let result = try await CollageCommand.run(["build", Fixtures.path("autumn.jpg"), "--max-memory", value])
        #expect(result.status == 64)
    }
}
