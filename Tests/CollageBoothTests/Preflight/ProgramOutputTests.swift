@testable import CollageBooth
import CollageTestSupport
import Foundation
import Testing

/// A query program run for its answer, and never waited for past its bound: real processes.
@Suite("A query program's answer, bounded in time", .timeLimit(.minutes(1)))
struct ProgramOutputTests {
    @Test func itsStatusAndEverythingItPrintsInTheCLocale() throws {
        let answer = try ProgramOutput.run(["sh", "-c", "echo out; echo err >&2; echo \"$LC_ALL\"; exit 3"], within: .seconds(20)).get()
        #expect(answer == ProgramOutput.Result(status: 3, text: "out\nerr\nC\n"))
    }

    /// A printing system off the network: the program and what it started are killed at the bound.
    @Test func aProgramThatDoesNotAnswerIsKilledWithAllItStartedAtTheBound() throws {
        let folder = try TemporaryDirectory()
        let marker = folder.file("child")
        let result = ProgramOutput.run(["sh", "-c", "sleep 600 & echo $! > \(marker); wait"], within: .milliseconds(500))
        #expect(result == .failure(.noAnswer("sh", bound: .milliseconds(500))))
        #expect(result.failureDescription == "sh did not answer within 0.5 s")
        let child = try #require(Int32(String(contentsOfFile: marker, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        // Sent SIGKILL with its group: gone, or a zombie until it is reaped, once the kernel has
        // delivered it (polled for ten seconds at most: a hang guard, not a measurement).
        func killed() -> Bool {
            let state = (try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8))?.split(separator: " ").dropFirst(2).first
            return state == nil || state == "Z" || state == "X"
        }
        for _ in 0..<200 where !killed() { usleep(50_000) }
        #expect(killed(), "the sleep the program started is still running")
    }

    @Test func aProgramThatIsNotThereIsSaid() {
        #expect(ProgramOutput.run(["no-such-program-zz"], within: .seconds(5)).failureDescription == "cannot run no-such-program-zz: No such file or directory")
    }
}

extension Result where Failure == ProgramOutput.Failure {
    var failureDescription: String? {
        guard case .failure(let failure) = self else { return nil }
        return failure.description
    }
}
