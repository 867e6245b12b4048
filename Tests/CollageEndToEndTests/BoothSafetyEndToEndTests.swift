import CollageCodecs
import CollageCore
import CollageTestSupport
import CollageWriting
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A photo booth (`watch --batches`) never destroys a photo or a collage, through the real
/// executable: two booths on one output, a kill between a collage and its journal, a name taken
/// again by another photo, a photo copied in pieces, an absurd collage number.
@Suite("a photo booth keeps every photo and collage, end to end", .timeLimit(.minutes(3)))
struct BoothSafetyEndToEndTests {
    let photos = try! TemporaryDirectory(), out = try! TemporaryDirectory(), tools = try! TemporaryDirectory()
    var output: String { out.file("booth.jpg") }
    var journal: String { out.file(".booth.jpg.journal") }
    func numbered(_ n: Int) -> String { out.file(String(format: "booth-%04d.jpg", n)) }
    var booth: [String] { ["watch", photos.path, "-o", output, "--batches", "--size", "300x200", "--throttle", "0"] }

    /// A distinct small landscape for each seed, by the tool's own encoder.
    func photo(_ seed: Int) throws -> [UInt8] {
        try ImageEncoder.encode(TestImages.pattern(seed: seed, 120, 80), as: .jpeg)
    }

    func generate(_ seed: Int, as name: String) throws {
        try Data(try photo(seed)).write(to: URL(fileURLWithPath: photos.file(name)))
    }

    /// The `--json` events on stdout so far: `(type, data)`.
    func events(_ run: RunningCollage) -> [(type: String, data: [String: Any])] {
        run.stdout.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let type = object["type"] as? String, let data = object["data"] as? [String: Any] else { return nil }
            return (type, data)
        }
    }

    /// The verdicts (`added`, or the skip reason) given to `path`, in order.
    func verdicts(_ run: RunningCollage, of path: String) -> [String] {
        events(run).compactMap { event in
            guard event.data["path"] as? String == path else { return nil }
            switch event.type {
            case "added": return "added"
            case "skipped": return event.data["reason"] as? String
            default: return nil
            }
        }
    }

    /// The journal's collages: number and photo names, in order.
    func journalCollages() throws -> [(number: Int, complete: Bool, photos: [String])] {
        let text = try String(contentsOfFile: journal, encoding: .utf8)
        var collages: [(number: Int, complete: Bool, photos: [String])] = []
        var pending = false
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 4).map(String.init)
            if fields[0] == "collage" {
                collages.append((Int(fields[1]) ?? -1, fields[2] == "complete", []))
                pending = false
            } else if fields[0] == "photo", !pending {
                collages[collages.count - 1].photos.append(String(line.split(separator: " ", maxSplits: 2)[2]))
            } else {
                pending = true  // an intent not yet resolved: not a collage saved
            }
        }
        return collages
    }

    // MARK: two booths

    @Test func aSecondBoothOnTheSameOutputExitsSeventyFiveBeforeTakingAPhoto() async throws {
        try generate(1, as: "p1.jpg")
        let first = try RunningCollage(booth)
        try await first.waitFor("collage: wrote \(numbered(1)) (300x200, 1 photo)")
        let saved = try Data(contentsOf: URL(fileURLWithPath: numbered(1)))

        let second = try RunningCollage(booth)
        let ended = try await second.waitUntil(within: .seconds(30)) { !second.process.isRunning }
        if !ended { second.signal(SIGKILL) }
        #expect(ended)
        #expect(await second.status == 75)
        #expect(second.stderrLines == [
            "collage: another booth is saving \(out.file("booth-NNNN.jpg")) (\(out.file(".booth.jpg.lock")) is locked): stop it first",
        ])
        try generate(2, as: "p2.jpg")
        try await first.waitFor("collage: wrote \(numbered(1)) (300x200, 2 photos)")
        first.signal(SIGTERM)
        #expect(await first.status == 143)
        #expect(try journalCollages().map(\.photos) == [["p1.jpg", "p2.jpg"]])
        #expect(try Data(contentsOf: URL(fileURLWithPath: numbered(1))) != saved)
        try CollageChecks.expectTiles(of: numbered(1), show: [photos.file("p1.jpg"), photos.file("p2.jpg")])
    }

    @Test func aNumberedFileReplacedBehindTheBoothsBackIsNeverOverwritten() async throws {
        try generate(1, as: "p1.jpg")
        let run = try RunningCollage(booth)
        try await run.waitFor("collage: wrote \(numbered(1)) (300x200, 1 photo)")
        try Fixtures.copy("kite.jpg", to: out.file("kite.jpg"))
        #expect(rename(out.file("kite.jpg"), numbered(1)) == 0)  // someone else's file now
        try generate(2, as: "p2.jpg")
        try await run.waitFor("collage: cannot replace \(numbered(1)): it is not the file this booth saved, so it is left alone; saving again at the next change")
        run.signal(SIGTERM)
        // The final collage cannot be saved without replacing it: the run says so and fails.
        #expect(await run.status == 73)
        #expect(try Data(contentsOf: URL(fileURLWithPath: numbered(1))) == Data(try Fixtures.bytes("kite.jpg")))
        #expect(out.contents == [".booth.jpg.journal", ".booth.jpg.lock", "booth-0001.jpg"])
    }

    // MARK: killed between a collage and its journal

    /// `PreloadShim.killAtJournalRename`: the booth loses power at a journal's rename.
    func journalRenameKiller() async throws -> String {
        try await PreloadShim.compile(PreloadShim.killAtJournalRename, named: "kill-on-journal-rename", in: tools)
    }

    @Test(arguments: 1...4)
    func aKillAtAnyJournalRenameLeavesEveryPhotoInOneCollage(killAt rename: Int) async throws {
        let shim = try await journalRenameKiller()
        let run = try RunningCollage(booth, environment: ["LD_PRELOAD": shim, "KILL_AT_JOURNAL_RENAME": String(rename)])
        var next = 1
        while run.process.isRunning && next <= 8 {
            try generate(next, as: "p\(next).jpg")
            let line = "collage: wrote \(numbered(1)) (300x200, \(next) photo\(next == 1 ? "" : "s"))"
            _ = try await run.waitUntil { run.stderrLines.contains(line) }
            next += 1
        }
        // It died of the injected SIGKILL at that rename, not of anything else (nor did it end).
        #expect(await run.status == SIGKILL)
        #expect(run.process.terminationReason == .uncaughtSignal)

        let restart = try RunningCollage(booth)
        for n in next...8 { try generate(n, as: "p\(n).jpg") }
        try await restart.waitFor("collage: wrote \(numbered(2)) (300x200, 2 photos)")
        restart.signal(SIGTERM)
        #expect(await restart.status == 143)
        let collages = try journalCollages()
        #expect(collages.map(\.number) == [1, 2])
        #expect(collages.map(\.photos) == [(1...6).map { "p\($0).jpg" }, ["p7.jpg", "p8.jpg"]])
        try CollageChecks.expectTiles(of: numbered(1), show: (1...6).map { photos.file("p\($0).jpg") })
    }

    // MARK: a name taken again

    @Test func anotherPhotoUnderANameAlreadyTakenIsANewArrival() async throws {
        let run = try RunningCollage(booth + ["--json"])
        let name = photos.file("IMG_0001.jpg")
        try generate(1, as: "IMG_0001.jpg")
        #expect(try await run.waitUntil { verdicts(run, of: name) == ["added"] })
        // Deleted (a retake: it leaves the open collage), and the retake saved under the same name.
        try FileManager.default.removeItem(atPath: name)
        try generate(2, as: "IMG_0001.jpg")
        #expect(try await run.waitUntil { verdicts(run, of: name).count == 2 })
        // Renamed over by another photo, and then by a copy of the first.
        try generate(3, as: ".incoming.jpg")
        #expect(rename(photos.file(".incoming.jpg"), name) == 0)
        #expect(try await run.waitUntil { verdicts(run, of: name).count == 3 })
        try Data(try photo(1)).write(to: URL(fileURLWithPath: photos.file(".incoming.jpg")))
        #expect(rename(photos.file(".incoming.jpg"), name) == 0)
        #expect(try await run.waitUntil { verdicts(run, of: name).count == 4 })
        run.signal(SIGTERM)
        #expect(await run.status == 143)
        // The first photo left with its deletion: its copy is no duplicate of anything taken.
        // Each photo renamed over the name is a retake: the shot before leaves the open
        // collage, which never holds two versions of one name (it held 1, 1, 2, 3 before).
        #expect(verdicts(run, of: name) == ["added", "added", "added", "added"])
        #expect(events(run).filter { $0.type == "added" }.compactMap { $0.data["photos"] as? Int } == [1, 1, 1, 1])
    }

    // MARK: a photo copied in pieces

    @Test func aPhotoWrittenInTenChunksIsTakenOnceComplete() async throws {
        let run = try RunningCollage(booth + ["--json"])
        let bytes = try photo(4), name = photos.file("IMG_0002.jpg")
        let chunk = (bytes.count + 9) / 10
        for start in stride(from: 0, to: bytes.count, by: chunk) {
            let descriptor = open(name, O_WRONLY | O_CREAT | O_APPEND, 0o644)
            try #require(descriptor >= 0)
            let piece = Array(bytes[start..<min(start + chunk, bytes.count)])
            #expect(write(descriptor, piece, piece.count) == piece.count)
            close(descriptor)
            // The first piece is read, and refused, before the rest arrives.
            if start == 0 { #expect(try await run.waitUntil { verdicts(run, of: name) == ["truncated"] }) }
        }
        #expect(try await run.waitUntil { verdicts(run, of: name).last == "added" })
        try await run.waitFor("collage: wrote \(numbered(1)) (300x200, 1 photo)")
        run.signal(SIGTERM)
        #expect(await run.status == 143)
        #expect(verdicts(run, of: name).filter { $0 != "truncated" } == ["added"])
        try CollageChecks.expectTiles(of: numbered(1), show: [name])
    }

    // MARK: absurd numbers

    /// A booth's first line when it starts beside what `prepare` left, once its first collage is saved.
    func firstLine(after prepare: () throws -> Void) async throws -> String? {
        try prepare()
        try generate(1, as: "p1.jpg")
        let run = try RunningCollage(booth)
        try await run.waitFor("collage: wrote \(numbered(1)) (300x200, 1 photo)")
        run.signal(SIGTERM)
        #expect(await run.status == 143)
        return run.stderrLines.first
    }

    @Test func anAbsurdNumberedFileIsIgnoredWithALine() async throws {
        let absurd = out.file("booth-9223372036854775807.jpg")
        let line = try await firstLine { #expect(FileManager.default.createFile(atPath: absurd, contents: Data()) == true) }
        #expect(line == "collage: \(absurd): a number beyond what the booth can continue after: ignored")
        #expect(try Data(contentsOf: URL(fileURLWithPath: absurd)).isEmpty)
    }

    @Test func aJournalWithAnAbsurdNumberIsSetAsideWithALine() async throws {
        let zero = String(repeating: "0", count: 64)
        let body = "collage-journal 3\ncollage 9223372036854775807 complete \(zero) booth-9223372036854775807.jpg\n"
        // Signed with this machine's key (the booth's, from the same HOME): only the number is wrong.
        let key = try #require(MarkKey.current)
        let line = try await firstLine {
            try (body + "hmac \(HMAC.hex(HMAC.sha256(Array(body.utf8), key: key)))\n").write(toFile: journal, atomically: true, encoding: .utf8)
        }
        #expect(line == "collage: the journal \(journal) cannot be used (line 2: a collage number beyond what the booth can continue after); kept as \(journal).damaged, and photos in earlier collages are not recognised")
    }
}
