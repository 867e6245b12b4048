import CollageTestSupport
import Foundation
import Testing

/// Where photos come from in a script: lists on stdin, NUL-separated lists, folders.
@Suite("Inputs: lists on stdin, folders, odd names", .timeLimit(.minutes(2)))
struct InputsEndToEndTests {
    @Test func aListOnStdinTakesThePlaceOfTheDash() async throws {
        let out = try TemporaryDirectory()
        let result = try await Shell.run(
            "printf 'kite.jpg\\nportrait.jpg\\n' | collage build autumn.jpg - path.jpg --json --dry-run -o \(out.file("c.jpg"))",
            in: Fixtures.directory)
        #expect(result.status == 0)
        #expect(try await Shell.jq(#".inputs[] | "\(.path) \(.status)""#, result.stdout) == [
            "autumn.jpg used", "kite.jpg used", "portrait.jpg skipped", "path.jpg used",
        ])
    }

    @Test func nulSeparatedNamesMayHoldNewlinesAndSpaces() async throws {
        let folder = try TemporaryDirectory()
        try Fixtures.copy("kite.jpg", to: folder.file("new\nline.jpg"))
        try Fixtures.copy("autumn.jpg", to: folder.file("a b.jpg"))
        let result = try await Shell.run(#"printf 'new\nline.jpg\0a b.jpg\0' | collage build -0 - --json -o out.jpg"#, in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try await Shell.jq("[.inputs[] | .path, .status] | @json", result.stdout) == [#"["new\nline.jpg","used","a b.jpg","used"]"#])
    }

    @Test func aNameWithALeadingDashAfterTheDoubleDash() async throws {
        let folder = try TemporaryDirectory()
        try Fixtures.copy("kite.jpg", to: folder.file("-dash.jpg"))
        let result = try await Shell.run("collage build -o out.jpg -- -dash.jpg", in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines == ["out.jpg"])
    }

    /// The photos directly inside, in byte order; hidden and temporary names and subfolders left out.
    func album() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try Fixtures.copy("kite.jpg", to: folder.file("b.jpg"))
        try Fixtures.copy("autumn.jpg", to: folder.file("a.jpg"))
        try Fixtures.copy("path.jpg", to: folder.file("Z.jpg"))
        try Fixtures.copy("bythewater.jpg", to: folder.file("é.jpg"))
        try Fixtures.copy("coldripple.jpg", to: folder.file(".hidden.jpg"))
        try Fixtures.copy("coldripple.jpg", to: folder.file("c.jpg.part"))
        try FileManager.default.createDirectory(atPath: folder.file("sub"), withIntermediateDirectories: false)
        try Fixtures.copy("eveningglow.jpg", to: folder.file("sub/d.jpg"))
        return folder
    }

    @Test func aFolderMeansThePhotosDirectlyInsideInByteOrder() async throws {
        let folder = try album()
        let listed = try await Shell.run("collage build . --json --dry-run", in: folder.path)
        #expect(try await Shell.jq(".inputs[].path", listed.stdout) == ["./Z.jpg", "./a.jpg", "./b.jpg", "./é.jpg"])
        let recursive = try await Shell.run("collage build . --recursive --json --dry-run", in: folder.path)
        #expect(try await Shell.jq(".inputs[].path", recursive.stdout) == ["./Z.jpg", "./a.jpg", "./b.jpg", "./sub/d.jpg", "./é.jpg"])
    }

    @Test func aFolderListingLeavesOutTheCollageBeingWritten() async throws {
        let folder = try album()
        for _ in 1...2 {
            let result = try await Shell.run("collage build . -o collage.jpg --json", in: folder.path)
            #expect(result.status == 0)
            #expect(try await Shell.jq(".inputs[].path", result.stdout) == ["./Z.jpg", "./a.jpg", "./b.jpg", "./é.jpg"])
        }
    }

    @Test func anEmptyListIsNoUsablePhoto() async throws {
        let out = try TemporaryDirectory()
        let result = try await Shell.run("collage build - -o \(out.file("c.jpg")) < /dev/null")
        #expect(result.status == 65)
        #expect(result.stderrLines == ["collage: no photos given, no collage written"])
        #expect(out.contents.isEmpty)
    }
}
