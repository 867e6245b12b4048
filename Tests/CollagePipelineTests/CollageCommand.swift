import CollageTestSupport
import Foundation

/// Runs the real `collage` executable, built beside this test binary by `swift test`.
enum CollageCommand {
    struct Outcome {
        let status: Int32
        let stdout: String
        let stderr: String
        var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
    }

    static let executable: String = {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("collage").path
    }()

    /// Runs `collage arguments`; `terminal` stands in for stdout when given; `environment` adds
    /// to the test's own.
    static func run(_ arguments: [String], terminal: PseudoTerminal? = nil, environment: [String: String] = [:]) async throws -> Outcome {
        let folder = try TemporaryDirectory()
        let (outPath, errPath) = (folder.file("stdout"), folder.file("stderr"))
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
        }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = terminal.map { FileHandle(fileDescriptor: $0.child, closeOnDealloc: false) } ?? FileHandle(forWritingAtPath: outPath)
        process.standardError = FileHandle(forWritingAtPath: errPath)
        try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in done.resume() }
            do { try process.run() } catch { done.resume(throwing: error) }
        }
        return Outcome(
            status: process.terminationStatus,
            stdout: try String(contentsOfFile: outPath, encoding: .utf8),
            stderr: try String(contentsOfFile: errPath, encoding: .utf8))
    }
}
