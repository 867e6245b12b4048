import Foundation
import Testing

/// `collage` run in a real pseudo-terminal, with the test as the terminal: it reads everything
/// the command draws, answers the capability queries as a chosen terminal would, types keys and
/// resizes the window.
public final class TerminalSession: @unchecked Sendable {
    public let pty: PseudoTerminal
    public let pid: Int32
    public private(set) var output: [UInt8] = []
    private var answered = false
    /// Whether the command's exit has been waited for; if not, deinit kills and reaps it.
    private var reaped = false
    private let answer: String?

    /// `answer`: what the terminal replies once it sees the device-attributes query (the last
    /// of the probe's queries); nil for a terminal that answers nothing.
    public init(_ arguments: [String], environment: [String: String] = [:], answer: String? = nil, in folder: String? = nil,
         columns: Int = 100, rows: Int = 30) throws {
        pty = try PseudoTerminal(columns: columns, rows: rows, pixelWidth: columns * 10, pixelHeight: rows * 20)
        self.answer = answer
        var command = arguments.map(Shell.quote).joined(separator: " ")
        if let folder { command = "cd \(Shell.quote(folder)) && exec \(CollageCommand.executable) " + command } else {
            command = "exec \(CollageCommand.executable) " + command
        }
        var variables = ["PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "HOME": NSTemporaryDirectory()]
        for (key, value) in environment { variables[key] = value }
        pid = try pty.spawn("/bin/bash", ["-c", command], environment: variables)
    }

    public var text: String { String(decoding: output, as: UTF8.self) }

    /// Reads until `text` shows up (answering the probe on the way), or fails after a generous
    /// hang guard. The reading blocks, so it runs on a thread of its own, never on Swift's
    /// cooperative pool, which the other tests running meanwhile need.
    public func waitFor(_ needle: String, after offset: Int = 0) async throws {
        try await ChildProcesses.offPool { [self] in
            let clock = ContinuousClock(), end = clock.now + .seconds(60)
            while !String(decoding: output.dropFirst(offset), as: UTF8.self).contains(needle) {
                guard clock.now < end else { throw Missing(needle: needle, seen: text) }
                pump()
            }
        }
    }

    /// Reads until the command exits; its exit status. A command still running after a minute
    /// (a hang guard, not a measurement) is killed, and the test fails with what it drew.
    public func finish() async -> Int32 {
        let (status, hung) = await ChildProcesses.offPool { [self] () -> (Int32, Bool) in
            let clock = ContinuousClock(), end = clock.now + .seconds(60)
            while clock.now < end {
                pump()
                var status: Int32 = 0
                if waitpid(pid, &status, WNOHANG) == pid {
                    reaped = true
                    pump()
                    return (ChildProcesses.exitStatus(fromWaitStatus: status), false)
                }
            }
            ProcessTree.kill(pid)
            reaped = true
            return (ChildProcesses.wait(for: pid), true)
        }
        if hung { Issue.record("still running after a minute, killed; the last of the screen: \(String(text.suffix(400)).debugDescription)") }
        return status
    }

    /// A command the test never finished (it failed or threw first) is not left running.
    deinit {
        if !reaped {
            ProcessTree.kill(pid)
            _ = ChildProcesses.wait(for: pid)
        }
    }

    private func pump() {
        output += pty.read(quietMilliseconds: 50) { _ in false }
        if !answered, let answer, text.contains("\u{1B}[c") {
            answered = true
            pty.send(answer)
        }
    }

    public struct Missing: Error, CustomStringConvertible {
        let needle: String
        let seen: String
        public var description: String { "never saw \(needle.debugDescription); the last of the screen: \(String(seen.suffix(400)).debugDescription)" }
    }
}
