public import Foundation
public import Testing

/// A `collage` process left running (for `watch`): its log can be awaited line by line, and it
/// can be sent signals. Still running at its deadline, it is killed with everything it started
/// and the test fails naming it; a test that ends first kills it the same way.
public final class RunningCollage: Sendable {
    public let process: Process
    public let logs: TemporaryDirectory
    private let exit: Task<Int32, Never>
    private let watchdog: Task<Void, any Error>
    private let mark: String

    /// `environment` is added to this process's own (an `LD_PRELOAD` shim, say).
    public init(_ arguments: [String], environment: [String: String] = [:], deadline: Duration = ProcessTree.defaultDeadline,
                sourceLocation: SourceLocation = #_sourceLocation) throws {
        logs = try TemporaryDirectory()
        _ = FileManager.default.createFile(atPath: logs.file("stdout"), contents: nil)
        _ = FileManager.default.createFile(atPath: logs.file("stderr"), contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CollageCommand.executable)
        process.arguments = arguments
        // A mark whatever it starts inherits: all of it is found at the deadline (`ProcessTree`).
        mark = UUID().uuidString
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }.merging([ProcessTree.markVariable: mark]) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle(forWritingAtPath: logs.file("stdout"))
        process.standardError = FileHandle(forWritingAtPath: logs.file("stderr"))
        let (ended, ending) = AsyncStream.makeStream(of: Int32.self)
        process.terminationHandler = { ending.yield($0.terminationStatus) }
        try process.run()
        self.process = process
        exit = Task { await ended.first { _ in true } ?? -1 }
        let pid = process.processIdentifier, command = [CollageCommand.executable] + arguments, mark = mark
        watchdog = Task {
            try await Task.sleep(for: deadline)
            ProcessTree.kill(pid, mark: mark)
            Issue.record(Comment(rawValue: ProcessDeadlineExceeded(command: command, limit: deadline).description), sourceLocation: sourceLocation)
        }
    }

    public var stdout: String { (try? String(contentsOfFile: logs.file("stdout"), encoding: .utf8)) ?? "" }
    public var stderrLines: [String] {
        ((try? String(contentsOfFile: logs.file("stderr"), encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Waits until the log has a line equal to `line`; fails after a generous deadline rather
    /// than hang (this waits on a real process; it asserts nothing about how fast it is).
    public func waitFor(_ line: String, within deadline: Duration = .seconds(60)) async throws {
        let clock = ContinuousClock(), end = clock.now + deadline
        while !stderrLines.contains(line) {
            guard clock.now < end, process.isRunning else {
                throw Stalled(waitingFor: line, log: stderrLines)
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Waits until `condition` holds (checked as the log grows) or the process has ended; false
    /// when it never held. A deadline catches a hang, not slowness.
    public func waitUntil(within deadline: Duration = .seconds(60), _ condition: () -> Bool) async throws -> Bool {
        let clock = ContinuousClock(), end = clock.now + deadline
        while !condition() {
            guard clock.now < end, process.isRunning else { return condition() }
            try await Task.sleep(for: .milliseconds(20))
        }
        return true
    }

    public func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    public var status: Int32 {
        get async { await exit.value }
    }

    deinit {
        watchdog.cancel()
        if process.isRunning { ProcessTree.kill(process.processIdentifier, mark: mark) }
    }

    public struct Stalled: Error, CustomStringConvertible {
        let waitingFor: String
        let log: [String]
        public var description: String { "never logged \"\(waitingFor)\"; log so far:\n" + log.joined(separator: "\n") }
    }
}
