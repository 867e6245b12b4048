import CollageTestSupport
import Foundation
import Testing

/// What every command-line tool owes its users: a version, help with examples that work, and
/// documented exit codes.
@Suite("Conventions: --version, help examples, exit codes", .timeLimit(.minutes(3)))
struct ConventionsEndToEndTests {
    /// The version and the commit it was built from (Plugins/CollageBuildCommit): `1.0.0 (d032717)`.
    @Test func versionIsOneLineWithTheCommit() async throws {
        let result = try await CollageCommand.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.range(of: #"^\d+\.\d+\.\d+ \([0-9a-f]{7}\)\n$"#, options: .regularExpression) != nil)
    }

    /// A trip with seven landscape photos and a portrait, as the examples assume.
    func trip(in folder: TemporaryDirectory) throws {
        for sub in ["trip", "photos", "booth", "prints"] {
            try FileManager.default.createDirectory(atPath: folder.file(sub), withIntermediateDirectories: false)
        }
        for name in Fixtures.landscapes + ["portrait.jpg"] {
            for sub in ["trip", "photos", "booth"] {
                try FileManager.default.copyItem(atPath: Fixtures.path(name), toPath: folder.file("\(sub)/\(name)"))
            }
        }
    }

    @Test("Each subcommand's help ends with examples that run", arguments: ["build", "watch", "inspect", "journal"])
    func helpEndsWithWorkingExamples(command: String) async throws {
        let help = try await CollageCommand.run([command, "--help"])
        #expect(help.status == 0)
        let lines = help.stdout.split(separator: "\n").map(String.init)
        let examples = Array(lines.drop { $0 != "EXAMPLES:" }.dropFirst())
        #expect((2...3).contains(examples.count), "\(help.stdout)")
        #expect(examples.allSatisfy { $0.hasPrefix("  collage \(command) ") || $0.contains("| collage \(command) ") })
        for example in examples {
            let folder = try TemporaryDirectory()
            try trip(in: folder)
            if command == "journal" {
                // A booth's journal to read: the booth's first collage, then SIGTERM.
                let booth = "collage watch booth --batches -o prints/booth.jpg 2>/dev/null & pid=$!; "
                    + "\(Shell.waitUntil("[ -e prints/booth-0001.jpg ]", else: "kill -KILL $pid")); kill -TERM $pid; wait $pid"
                _ = try await Shell.run(booth, in: folder.path)
            }
            // A booth runs until stopped: once its first collage is out, SIGTERM (exit 143).
            let script = example.contains("--batches")
                ? "\(example) & pid=$!; \(Shell.waitUntil("[ -e prints/booth-0001.jpg ]", else: "kill -KILL $pid")); kill -TERM $pid; wait $pid; echo \"status $?\""
                : "set -o pipefail; \(example); echo \"status $?\""
            let result = try await Shell.run(script, in: folder.path)
            let expected = example.contains("--batches") ? "status 143" : "status 0"
            #expect(result.lines.last == expected, "\(example): \(result.stderr)")
        }
    }

    @Test func inspectOfAMissingFileExitsSixtySix() async throws {
        let result = try await CollageCommand.run(["inspect", Fixtures.path("autumn.jpg"), "/nonexistent.jpg"])
        #expect(result.status == 66)
        #expect(result.stdout.contains("/nonexistent.jpg"))
        let fine = try await CollageCommand.run(["inspect", Fixtures.path("autumn.jpg"), Fixtures.path("not-an-image.jpg")])
        #expect(fine.status == 0)
    }

    @Test func watchingAMissingFolderExitsSixtySix() async throws {
        let result = try await CollageCommand.run(["watch", "/nonexistent-folder"])
        #expect(result.status == 66)
        #expect(result.stderr == "collage: cannot watch /nonexistent-folder: No such file or directory\n")
    }
}
