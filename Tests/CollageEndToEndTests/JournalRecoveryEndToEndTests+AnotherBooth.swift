import CollageCodecs
import CollageCore
import CollageTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Two booths on one machine and user share the mark's key: what one wrote verifies under the
/// other's key. The journal names its output and each mark a digest of it, so another booth's
/// collage or journal copied in is named, and neither printed nor served, end to end.
extension JournalRecoveryEndToEndTests {
    @Test func anotherBoothsCollageAndJournalCopiedInAreNamedNeverPrintedOrServed() async throws {
        let lp = try PrintingEndToEndTests.standIn(in: out)
        try arrive(1...2)
        let first = try booth(lp.program)
        try await first.waitFor("collage: printed \(numbered(1))")
        first.signal(SIGTERM)
        #expect(await first.status == 143)

        // Another booth, the same key (COLLAGE_STATE_DIR), its own photos and output: two collages.
        let otherPhotos = try TemporaryDirectory(), other = try TemporaryDirectory()
        for seed in 11...14 {
            let bytes = try ImageEncoder.encode(TestImages.pattern(seed: seed, 120, 80), as: .jpeg)
            try Data(bytes).write(to: URL(fileURLWithPath: otherPhotos.file("q\(seed).jpg")))
        }
        let otherLP = try PrintingEndToEndTests.standIn(in: other)
        let second = try RunningCollage(["watch", otherPhotos.path, "-o", other.file("booth.jpg"), "--batches", "--limit", "2", "--size", "300x200",
                                         "--throttle", "0", "--print", "\(otherLP.program) {path}"], environment: ["COLLAGE_STATE_DIR": state.path])
        try await second.waitFor("collage: printed \(other.file("booth-0002.jpg"))")
        second.signal(SIGTERM)
        #expect(await second.status == 143)

        // Its collage 2 and its journal copied into this booth's output, as a sync tool or a careless operator would.
        try FileManager.default.copyItem(atPath: other.file("booth-0002.jpg"), toPath: numbered(2))
        try FileManager.default.removeItem(atPath: journal)
        try FileManager.default.copyItem(atPath: other.file(".booth.jpg.journal"), toPath: journal)

        let again = try RunningCollage(["watch", photos.path, "-o", output, "--batches", "--limit", "2", "--size", "300x200", "--throttle", "0",
                                        "--json", "--print", "\(lp.program) {path}", "--serve", "127.0.0.1:0"],
                                       environment: ["COLLAGE_STATE_DIR": state.path])
        let otherOutput = URL(fileURLWithPath: other.path).resolvingSymlinksInPath().path + "/booth.jpg"
        try await again.waitFor("collage: \(numbered(2)) is another booth's collage (its mark names another output): it is not this booth's "
            + "record, and is not served, printed or replaced")
        let port = try #require(try await again.servedPort())
        for (name, status) in [("booth-0001.jpg", "200"), ("booth-0002.jpg", "404")] {
            let answer = try await Shell.run("curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:\(port)/collages/\(name)")
            #expect(answer.text == status, "/collages/\(name): \(answer.text) \(answer.stderr)")
        }
        try arrive(3...4)
        try await again.waitFor("collage: printed \(numbered(3))")
        again.signal(SIGTERM)
        #expect(await again.status == 143)
        #expect(try printed(lp.log) == [numbered(1), numbered(3)])
        #expect(again.stderrLines.contains { $0.hasPrefix("collage: the journal \(journal) cannot be used (another booth's journal: it is of \(otherOutput))")
            && $0.contains("kept as \(journal).damaged") }, "\(again.stderrLines)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: numbered(2))) == Data(contentsOf: URL(fileURLWithPath: other.file("booth-0002.jpg"))))
    }
}
