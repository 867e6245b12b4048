import CollageTestSupport
import Foundation
import Testing

/// `collage finish OUTPUT` finds the booth through its lock, and never signals a process that
/// does not hold it.
@Suite("collage finish: the booth found through its lock", .timeLimit(.minutes(2)))
struct FinishCommandEndToEndTests {
    @Test func withNoBoothRunningItSaysSoAndExits69() async throws {
        let out = try TemporaryDirectory()
        let result = try await CollageCommand.run(["finish", out.file("booth.jpg")])
        #expect(result.status == 69)
        #expect(result.stderrLines == ["collage: no booth is running for \(out.file("booth.jpg"))"])
    }

    @Test func aLockFileNamingAProcessThatDoesNotHoldItIsNotTrusted() async throws {
        let out = try TemporaryDirectory()
        // A booth's lock file left behind, naming this test's own process, which holds no lock on
        // it: the lock is free, so no booth is running.
        try Data("\(ProcessInfo.processInfo.processIdentifier)\n".utf8).write(to: URL(fileURLWithPath: out.file(".booth.jpg.lock")))
        let result = try await CollageCommand.run(["finish", out.file("booth.jpg")])
        #expect(result.status == 69)
        #expect(result.stderrLines == ["collage: no booth is running for \(out.file("booth.jpg"))"])
    }

    @Test func aRunningBoothIsFoundAndItsLockFileNamesIt() async throws {
        let photos = try TemporaryDirectory(), out = try TemporaryDirectory()
        let booth = try RunningCollage(["watch", photos.path, "-o", out.file("booth.jpg"), "--batches", "--size", "300x200", "--throttle", "0"])
        #expect(try await booth.waitUntil { FileManager.default.contents(atPath: out.file(".booth.jpg.lock")).map { String(decoding: $0, as: UTF8.self) }
            == "\(booth.process.processIdentifier)\n" })
        try Fixtures.copy("autumn.jpg", to: photos.file("autumn.jpg"))
        try await booth.waitFor("collage: wrote \(out.file("booth-0001.jpg")) (300x200, 1 photo)")
        booth.signal(SIGTERM)
        #expect(await booth.status == 143)
    }
}
