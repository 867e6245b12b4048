public import Foundation

/// Runs the real `collage` executable, built beside this test binary by `swift test`.
public enum CollageCommand {
    public struct Outcome: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String
        public var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
    }

    public static let executable: String = {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("collage").path
    }()

    /// Runs `collage arguments`; `terminal` stands in for stdout when given; `environment` adds
    /// to the test's own.
    public static func run(_ arguments: [String], terminal: PseudoTerminal? = nil, environment: [String: String] = [:],
                           deadline: Duration = ProcessTree.defaultDeadline) async throws -> Outcome {
        let result = try await FinishedProcess.run(
            executable, arguments,
            environment: environment.isEmpty ? nil : ProcessInfo.processInfo.environment.merging(environment) { _, added in added },
            stdout: terminal.map { FileHandle(fileDescriptor: $0.child, closeOnDealloc: false) }, deadline: deadline)
        return Outcome(status: result.status, stdout: try FinishedProcess.text(result.stdout), stderr: try FinishedProcess.text(result.stderr))
    }
}

/// A program run to its end, as the end-to-end tests start them: standard input from `input`
/// (or /dev/null), stdout and stderr into files read back once it has exited. `Spawned` starts
/// it in a process group of its own and gives it a deadline.
public enum FinishedProcess {
    /// `environment`: the whole environment, nil for the test's own; `stdout` stands in for the
    /// stdout file when given (a terminal's side), which then reads back empty; `folder`, where it
    /// runs. Still running at `deadline` (or when the test is cancelled), it is killed with
    /// everything it started, and `ProcessDeadlineExceeded` names it.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil, in folder: String? = nil,
                    input: Data? = nil, stdout: FileHandle? = nil,
                    deadline: Duration = ProcessTree.defaultDeadline) async throws -> (status: Int32, stdout: Data, stderr: Data) {
        let logs = try TemporaryDirectory()
        let (outPath, errPath, inPath) = (logs.file("stdout"), logs.file("stderr"), logs.file("stdin"))
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: inPath, contents: input ?? Data())
        // posix_spawn has no portable chdir: a shell changes folder, then becomes the program.
        let command = folder.map { ["/bin/sh", "-c", "cd -- \"$0\" && exec \"$@\"", $0, executable] + arguments } ?? [executable] + arguments
        let process = try Spawned(command.map { Array($0.utf8) }, environment: environment, inputPath: input == nil ? "/dev/null" : inPath,
                                  outputPath: outPath, errorPath: errPath, standardOutput: stdout?.fileDescriptor)
        let status = try await process.wait(deadline: deadline)
        return (status, try Data(contentsOf: URL(fileURLWithPath: outPath)), try Data(contentsOf: URL(fileURLWithPath: errPath)))
    }

    /// Output as text; not UTF-8 is an error, never replaced quietly.
    public static func text(_ bytes: Data) throws -> String {
        guard let text = String(data: bytes, encoding: .utf8) else { throw CocoaError(.fileReadInapplicableStringEncoding) }
        return text
    }
}
