public import Foundation

/// Runs a bash command line as a user would type it, with the built `collage` first on PATH,
/// then the tests' one Python (`TestPython`):
/// how the README's pipelines and real clients (`jq`, `find`, `xargs`, `head`) are tested.
public enum Shell {
    public struct Outcome: Sendable {
        public let status: Int32
        public let stdout: Data
        public let stderr: String
        public var text: String { String(decoding: stdout, as: UTF8.self) }
        public var lines: [String] { text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
        public var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
    }

    public static let binaries = URL(fileURLWithPath: CollageCommand.executable).deletingLastPathComponent().path

    public static func run(_ script: String, in folder: String? = nil, stdin: Data? = nil) async throws -> Outcome {
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = binaries + ":" + TestPython.bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        let result = try await FinishedProcess.run("/bin/bash", ["-c", script], environment: environment, in: folder, input: stdin ?? Data())
        return Outcome(status: result.status, stdout: result.stdout, stderr: try FinishedProcess.text(result.stderr))
    }

    /// `jq -r filter` over `json`: the real client reads what the tool wrote.
    public static func jq(_ filter: String, _ json: Data) async throws -> [String] {
        let result = try await run("jq -r \(quote(filter))", stdin: json)
        guard result.status == 0 else { throw JQFailed(filter: filter, message: result.stderr) }
        return result.lines
    }

    /// Bash that waits, polling, until `condition` holds, for at most a minute (a hang guard, not
    /// a measurement); then runs `giveUp` and fails the script, saying what never happened.
    public static func waitUntil(_ condition: String, else giveUp: String) -> String {
        "for i in $(seq 1200); do \(condition) && break; sleep 0.05; done; "
            + "\(condition) || { echo \(Shell.quote("gave up waiting for \(condition)")) >&2; \(giveUp); exit 1; }"
    }

    /// A word for bash, whatever it holds.
    public static func quote(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    public struct JQFailed: Error, CustomStringConvertible {
        public let filter: String
        public let message: String
        public var description: String { "jq \(filter): \(message)" }
    }
}
