import CollageTestSupport
import Foundation
import Testing

/// The app's rules as options, with the app's defaults.
@Suite("Rule options: --limit, --accept", .timeLimit(.minutes(2)))
struct RulesEndToEndTests {
    func decisions(_ arguments: String) async throws -> [String] {
        let result = try await Shell.run("collage build \(arguments) --json --dry-run", in: Fixtures.directory)
        return try await Shell.jq(#".inputs[] | "\(.path) \(.status) \(.reason)""#, result.stdout)
    }

    @Test func limitIsTheBooksTakeWhile() async throws {
        #expect(try await decisions("autumn.jpg kite.jpg path.jpg portrait.jpg --limit 2") == [
            "autumn.jpg used null", "kite.jpg used null", "path.jpg skipped over-limit", "portrait.jpg skipped over-limit",
        ])
        let many = try await Shell.run("set -o pipefail; collage build autumn.jpg kite.jpg path.jpg bythewater.jpg coldripple.jpg eveningglow.jpg fallenleaf.jpg --limit 7 --size 700x200 -o - | cat > /dev/null", in: Fixtures.directory)
        #expect(many.status == 0 && many.stderr.isEmpty)
    }

    @Test func acceptChoosesTheShape() async throws {
        #expect(try await decisions("autumn.jpg portrait.jpg square.jpg --accept portrait") == [
            "autumn.jpg skipped landscape", "portrait.jpg used null", "square.jpg skipped square",
        ])
        #expect(try await decisions("autumn.jpg portrait.jpg square.jpg --accept any") == [
            "autumn.jpg used null", "portrait.jpg used null", "square.jpg used null",
        ])
    }

    @Test("Bad rule values are usage errors", arguments: [["--limit", "0"], ["--limit", "101"], ["--accept", "round"]])
    func badValues(flags: [String]) async throws {
        let result = try await CollageCommand.run(["build", Fixtures.path("autumn.jpg")] + flags)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
    }
}

/// How much the log says: `-q` only errors, `-v` how each photo was decoded and how close it came.
@Suite("Quiet and verbose", .timeLimit(.minutes(2)))
struct VerbosityEndToEndTests {
    @Test func quietKeepsOnlyErrorsAndThePath() async throws {
        let out = try TemporaryDirectory()
        let fine = try await CollageCommand.run(["build", Fixtures.path("autumn.jpg"), Fixtures.path("portrait.jpg"), "-q", "-o", out.file("c.jpg")])
        #expect(fine.status == 0)
        #expect(fine.stderr.isEmpty)
        #expect(fine.stdout == out.file("c.jpg") + "\n")
        let failed = try await CollageCommand.run(["build", Fixtures.path("portrait.jpg"), "-q", "-o", out.file("d.jpg")])
        #expect(failed.status == 65)
        #expect(failed.stderrLines == ["collage: no usable photo among the 1 given, no collage written"])
    }

    @Test func verboseTellsHowEachPhotoWasDecodedAndItsNearestNeighbour() async throws {
        let out = try TemporaryDirectory()
        let result = try await CollageCommand.run(["build", Fixtures.path("autumn.jpg"), Fixtures.path("kite.jpg"), "-v", "-o", out.file("c.jpg")])
        #expect(result.status == 0)
        let lines = result.stderrLines
        #expect(lines.count == 2)
        #expect(lines[0].range(of: #"^collage: .*/autumn\.jpg: added \(320x200 JPEG, decoded at 1/1 in [0-9.]+ ms, resampled in [0-9.]+ ms\)$"#,
                               options: .regularExpression) != nil, "\(lines[0])")
        #expect(lines[1].range(of: #"kite\.jpg: added \(320x200 JPEG, decoded at 1/1 in [0-9.]+ ms, resampled in [0-9.]+ ms; nearest .*/autumn\.jpg: similarity [0-9.]+, fingerprint [0-9]+ bits\)$"#,
                               options: .regularExpression) != nil, "\(lines[1])")
    }

    @Test func quietAndVerboseTogetherAreAUsageError() async throws {
        let result = try await CollageCommand.run(["build", Fixtures.path("autumn.jpg"), "-q", "-v"])
        #expect(result.status == 64)
    }
}
