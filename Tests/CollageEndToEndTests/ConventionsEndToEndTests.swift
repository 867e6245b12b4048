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

    @Test("Each subcommand's help ends with examples that run", arguments: ["build", "watch", "check", "inspect", "finish", "journal"])
    func helpEndsWithWorkingExamples(command: String) async throws {
        let help = try await CollageCommand.run([command, "--help"])
        #expect(help.status == 0)
        let lines = help.stdout.split(separator: "\n").map(String.init)
        let examples = Array(lines.drop { $0 != "EXAMPLES:" }.dropFirst())
        #expect((2...3).contains(examples.count), "\(help.stdout)")
        #expect(examples.allSatisfy { $0.hasPrefix("  collage \(command) ") || $0.contains("| collage \(command) ") })
        // A booth with its first collage out: `journal` reads its journal once it is stopped,
        // `finish` asks it while it runs.
        let booth = "collage watch booth --batches -o prints/booth.jpg >/dev/null 2>&1 & pid=$!; "
            + Shell.waitUntil("[ -e prints/booth-0001.jpg ]", else: "kill -KILL $pid") + "; "
        for example in examples {
            let folder = try TemporaryDirectory()
            try trip(in: folder)
            if command == "journal" { _ = try await Shell.run(booth + "kill -TERM $pid; wait $pid", in: folder.path) }
            // A booth runs until stopped: once its first collage is out, SIGTERM (exit 143).
            let script = command == "finish"
                ? "\(booth)\(example); echo \"status $?\"; kill -TERM $pid; wait $pid"
                : command == "watch" && example.contains("--batches")
                ? "\(example) & pid=$!; \(Shell.waitUntil("[ -e prints/booth-0001.jpg ]", else: "kill -KILL $pid")); kill -TERM $pid; wait $pid; echo \"status $?\""
                : "set -o pipefail; \(example); echo \"status $?\""
            let result = try await Shell.run(script, in: folder.path)
            let expected = command == "watch" && example.contains("--batches") ? "status 143" : "status 0"
            #expect(result.lines.last == expected, "\(example): \(result.stderr)")
        }
    }

    /// At 80 columns no help wraps an example: each is one line a copy and paste runs (the
    /// overview's too, which the parser wraps as prose).
    @Test func examplesFitEightyColumns() async throws {
        for command in ["", "build", "watch", "check", "inspect", "finish", "journal"] {
            let help = try await CollageCommand.run((command.isEmpty ? [] : [command]) + ["--help"], environment: ["COLUMNS": "80"])
            let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let start = try #require(lines.firstIndex { $0 == "EXAMPLES:" || $0.hasSuffix("For example:") }, "\(command): \(help.stdout)")
            let examples = lines[(start + 1)...].prefix { !$0.isEmpty }
            #expect(examples.count >= 2, "\(command)")
            for line in examples {
                #expect(line.hasPrefix("  ") && line.count <= 80 && line.contains("collage "), "collage \(command) --help: \(line)")
            }
        }
    }

    /// A value no option can use is refused by the argument parser, once, before any file is
    /// read: exit 64, and one `Error:` line naming the option and ending with the library's
    /// reason (or, for a choice among words, the words).
    @Test("A bad value is the parser's usage error, naming the option", arguments: [
        (["build", "--background", "blu"], "Error: The value 'blu' is invalid for '--background <colour>': bad colour 'blu': use #rgb, #rrggbb or a CSS colour name such as white, black or navy"),
        (["build", "--size", "0x10"], "Error: The value '0x10' is invalid for '--size <WxH[unit]>': size '0x10' is 0x10 pixels: each side must be 1 to 16384"),
        (["build", "--caption", "Hi {name}"], "Error: The value 'Hi {name}' is invalid for '--caption <text>': unknown placeholder {name} in caption 'Hi {name}': use {date}, {time}, {today}, {n} or {photos}, and {{ or }} for a brace"),
        (["build", "--crop", "entropy"], "Error: The value 'entropy' is invalid for '--crop <crop>'. Please provide one of 'centre' and 'attention'."),
        (["build", "--print", "lp -n {copies}"], "Error: The value 'lp -n {copies}' is invalid for '--print <command>': print command 'lp -n {copies}' has no {path}: it would not know which collage to print"),
        (["watch", "--serve", "99999"], "Error: The value '99999' is invalid for '--serve <[address:]port>': 99999: the port must be a number from 0 to 65535"),
        (["inspect", "--dpi", "0"], "Error: The value '0' is invalid for '--dpi <dpi>': bad resolution 0 dpi: it must be 1 to 65535"),
        (["build", "--label", "%f"], "Error: The value '%f' is invalid for '--label <text>': label '%f': %f is ImageMagick's escape, not a placeholder: write {name} for it; use {name}, {n}, {size}, {date}, {time} or {today}"),
    ])
    func aBadValueIsRefusedByTheParser(arguments: [String], line: String) async throws {
        let folder = try TemporaryDirectory()
        let (command, values) = (arguments[0], Array(arguments.dropFirst()))
        let output = command == "inspect" ? [] : ["-o", folder.file("c.jpg")]
        let result = try await CollageCommand.run([command, folder.path] + values + output)
        #expect(result.status == 64)
        #expect(result.stderrLines.filter { $0.hasPrefix("Error:") } == [line], "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(folder.contents.isEmpty)
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
