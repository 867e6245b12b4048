import CollageTestSupport
import Foundation
import Testing

/// `-o prints/booth.jpg` in a folder without `prints/`: the folder is created, as `mkdir -p`
/// would, with a line, by `build` and both `watch` modes alike.
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
