import CollageTestSupport
import Foundation

/// `collage` run in a real pseudo-terminal, with the test as the terminal: it reads everything
/// the command draws, answers the capability queries as a chosen terminal would, types keys and
/// resizes the window.
final class TerminalSession: @unchecked Sendable {
    let pty: PseudoTerminal
    let pid: Int32
    private(set) var output: [UInt8] = []
    private var answered = false
    private let answer: String?

    /// `answer`: what the terminal replies once it sees the device-attributes query (the last
    /// of the probe's queries); nil for a terminal that answers nothing.
    init(_ arguments: [String], environment: [String: String] = [:], answer: String? = nil, in folder: String? = nil,
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

    var text: String { String(decoding: output, as: UTF8.self) }

    /// Reads until `text` shows up (answering the probe on the way), or fails after a generous
    /// hang guard. The reading blocks, so it runs on a thread of its own, never on Swift's
    /// cooperative pool, which the other tests running meanwhile need.
    func waitFor(_ needle: String, after offset: Int = 0) async throws {
        try await offPool { [self] in
            let clock = ContinuousClock(), end = clock.now + .seconds(60)
            while !String(decoding: output.dropFirst(offset), as: UTF8.self).contains(needle) {
                guard clock.now < end else { throw Missing(needle: needle, seen: text) }
                pump()
            }
        }
    }

    /// Reads until the command exits; its exit status.
    func finish() async -> Int32 {
        (try? await offPool { [self] in
            while true {
                pump()
                var status: Int32 = 0
                if waitpid(pid, &status, WNOHANG) == pid {
                    pump()
                    let signal = status & 0x7F
                    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
                }
            }
        }) ?? -1
    }

    private func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { done in
            DispatchQueue.global().async { done.resume(with: Result { try work() }) }
        }
    }

    private func pump() {
        output += pty.read(quietMilliseconds: 50) { _ in false }
        if !answered, let answer, text.contains("\u{1B}[c") {
            answered = true
            pty.send(answer)
        }
    }

    struct Missing: Error, CustomStringConvertible {
        let needle: String
        let seen: String
        var description: String { "never saw \(needle.debugDescription); the last of the screen: \(String(seen.suffix(400)).debugDescription)" }
    }
}
