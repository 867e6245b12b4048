public import Foundation
internal import CollageLocking

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
/// (or /dev/null), stdout and stderr into files read back once it has exited. Foundation's
/// `Process` starts it in a process group of its own.
public enum FinishedProcess {
    /// `environment`: the whole environment, nil for the test's own; `stdout` stands in for the
    /// stdout file when given (a terminal's side), which then reads back empty. Still running at
    /// `deadline` (or when the test is cancelled), it is killed with everything it started, and
    /// `ProcessDeadlineExceeded` names it.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil, in folder: String? = nil,
                    input: Data? = nil, stdout: FileHandle? = nil,
                    deadline: Duration = ProcessTree.defaultDeadline) async throws -> (status: Int32, stdout: Data, stderr: Data) {
        let logs = try TemporaryDirectory()
        let (outPath, errPath, inPath) = (logs.file("stdout"), logs.file("stderr"), logs.file("stdin"))
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        if let input {
            _ = FileManager.default.createFile(atPath: inPath, contents: input)
            process.standardInput = FileHandle(forReadingAtPath: inPath)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        process.standardOutput = stdout ?? FileHandle(forWritingAtPath: outPath)
        process.standardError = FileHandle(forWritingAtPath: errPath)
        let (ended, end) = AsyncStream.makeStream(of: Void.self)
        process.terminationHandler = { _ in end.finish() }
        try process.run()
        let pid = process.processIdentifier
        let expired = Locked(false)
        let watchdog = Task {
            try await Task.sleep(for: deadline)
            expired.withLock { $0 = true }
            ProcessTree.kill(pid)
        }
        await withTaskCancellationHandler {
            for await _ in ended {}
        } onCancel: {
            ProcessTree.kill(pid)
        }
        watchdog.cancel()
        process.waitUntilExit()
        if expired.withLock({ $0 }) { throw ProcessDeadlineExceeded(command: [executable] + arguments, limit: deadline) }
        return (process.terminationStatus, try Data(contentsOf: URL(fileURLWithPath: outPath)), try Data(contentsOf: URL(fileURLWithPath: errPath)))
    }

    /// Output as text; not UTF-8 is an error, never replaced quietly.
    public static func text(_ bytes: Data) throws -> String {
        guard let text = String(data: bytes, encoding: .utf8) else { throw CocoaError(.fileReadInapplicableStringEncoding) }
        return text
    }
}
