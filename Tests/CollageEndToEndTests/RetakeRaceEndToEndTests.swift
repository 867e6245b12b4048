import CollageTestSupport
import Foundation
import Testing

/// A retake that lands while the booth still reads the shot it replaces, through the real
/// executable (`Tests/EndToEnd/retake-race.py`): an 8 MP PNG shot renamed over, deleted then
/// saved again, and copied over 30 ms after it lands; the replaced shot is never in a
/// collage, the retake always in its group's strip. `make retake-race` runs it 20 times each
/// with a 27 MP shot on the release build.
@Suite("A retake landing while its shot is read", .timeLimit(.minutes(3)))
struct RetakeRaceEndToEndTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    @Test(arguments: ["renamed", "deleted", "copied"])
    func theReplacedShotIsNeverInACollageAndTheRetakeIsInItsGroups(way: String) async throws {
        let run = try await Shell.run("python3 \(Self.repository)/Tests/EndToEnd/retake-race.py --collage \(Shell.quote(CollageCommand.executable))"
            + " --times 2 --megapixels 8 --ways \(way)")
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    }
}
