import CollageTestSupport
import Foundation
import Testing

/// `-o prints/booth.jpg` in a folder without `prints/`: the folder is created, as `mkdir -p`
/// would, with a line, by `build`, `build --pages` and both `watch` modes alike (`RunStart`).
@Suite("The output's folder is created when missing", .timeLimit(.minutes(2)))
struct OutputFolderEndToEndTests {
    @Test func buildCreatesTheFolder() async throws {
        let out = try TemporaryDirectory()
        let output = out.file("prints/2026/collage.jpg")
        let result = try await CollageCommand.run(["build", Fixtures.path("autumn.jpg"), "--size", "300x200", "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderrLines.contains("collage: created the folder \(out.file("prints/2026")) for the output"))
        try CollageChecks.expectTiles(of: output, show: [Fixtures.path("autumn.jpg")])
    }

    /// The pages' folder is made as build's is: before any photo is read, with the same line.
    @Test func pagesCreateTheFolder() async throws {
        let out = try TemporaryDirectory()
        let output = out.file("missing/p.jpg")
        let result = try await CollageCommand.run(["build", "--pages", Fixtures.path("autumn.jpg"), Fixtures.path("kite.jpg"),
                                                   "--limit", "1", "--size", "300x200", "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderrLines.first == "collage: created the folder \(out.file("missing")) for the output")
        try CollageChecks.expectTiles(of: out.file("missing/p-0001.jpg"), show: [Fixtures.path("autumn.jpg")])
        try CollageChecks.expectTiles(of: out.file("missing/p-0002.jpg"), show: [Fixtures.path("kite.jpg")])
        // One that cannot be made: the same line and exit status as build's, and nothing read.
        try Data("a file".utf8).write(to: URL(fileURLWithPath: out.file("prints")))
        let refused = try await CollageCommand.run(["build", "--pages", Fixtures.path("autumn.jpg"), "--size", "300x200", "-o", out.file("prints/x/p.jpg")])
        #expect(refused.status == 73)
        #expect(refused.stderrLines == ["collage: cannot create the folder \(out.file("prints/x")): Not a directory"])
    }

    @Test func aFolderThatCannotBeCreatedIsNamed() async throws {
        let out = try TemporaryDirectory()
        try Data("a file".utf8).write(to: URL(fileURLWithPath: out.file("prints")))
        let result = try await CollageCommand.run(["build", Fixtures.path("autumn.jpg"), "--size", "300x200", "-o", out.file("prints/x/collage.jpg")])
        #expect(result.status == 73)
        #expect(result.stderrLines.last == "collage: cannot create the folder \(out.file("prints/x")): Not a directory")
    }

    @Test(arguments: [false, true])
    func watchCreatesTheFolder(batches: Bool) async throws {
        let photos = try TemporaryDirectory(), out = try TemporaryDirectory()
        let output = out.file("prints/booth.jpg")
        let watch = try RunningCollage(["watch", photos.path, "-o", output, "--size", "300x200", "--throttle", "0"] + (batches ? ["--batches"] : []))
        try await watch.waitFor("collage: created the folder \(out.file("prints")) for the output")
        try Fixtures.copy("autumn.jpg", to: photos.file("autumn.jpg"))
        let saved = batches ? out.file("prints/booth-0001.jpg") : output
        try await watch.waitFor("collage: wrote \(saved) (300x200, 1 photo)")
        watch.signal(SIGINT)
        #expect(await watch.status == 130)
        try CollageChecks.expectTiles(of: saved, show: [photos.file("autumn.jpg")])
    }
}
