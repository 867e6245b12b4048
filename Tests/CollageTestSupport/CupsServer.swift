public import Foundation

/// A private CUPS server for a test (`Tests/EndToEnd/cups-server.sh`): Debian's `cupsd` in a
/// folder of its own, on a socket there, with raw queues whose backend keeps every job it gets
/// (its bytes, title and copies) in `printed/QUEUE/`: the printer's own record of what it printed.
/// Stopped when the value goes.
public final class CupsServer: Sendable {
    public let folder: TemporaryDirectory
    /// `CUPS_SERVER` for a client of this server.
    public let socket: String

    static let script = URL(fileURLWithPath: Fixtures.directory).deletingLastPathComponent().path + "/Tests/EndToEnd/cups-server.sh"

    /// `policy`: directives added to the server's default policy.
    public init(queues: [String], policy: [String] = []) async throws {
        folder = try TemporaryDirectory()
        let started = try await FinishedProcess.run("/usr/bin/env", ["CUPS_POLICY=" + policy.joined(separator: "\n"), "/bin/sh", Self.script, "start", folder.path] + queues)
        guard started.status == 0 else {
            _ = try? await FinishedProcess.run("/bin/sh", [Self.script, "stop", folder.path])
            throw Failed(message: String(decoding: started.stderr, as: UTF8.self))
        }
        socket = String(decoding: started.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit {
        let stop = Process()
        stop.executableURL = URL(fileURLWithPath: "/bin/sh")
        stop.arguments = [Self.script, "stop", folder.path]
        try? stop.run()
        stop.waitUntilExit()
    }

    /// What a client of this server needs in its environment.
    public var environment: [String: String] { ["CUPS_SERVER": socket] }

    /// The jobs `queue`'s printer got, in job order: each one's title, copies and bytes.
    public func printed(on queue: String) -> [(title: String, copies: Int, bytes: Data)] {
        let folder = self.folder.file("printed/\(queue)")
        let jobs = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).compactMap(Int.init).sorted()
        return jobs.map { job in
            let read = { (suffix: String) in (try? String(contentsOfFile: "\(folder)/\(job)\(suffix)", encoding: .utf8)) ?? "" }
            return (read(".title").trimmingCharacters(in: .newlines), Int(read(".copies").trimmingCharacters(in: .newlines)) ?? 0,
                    (try? Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(job)"))) ?? Data())
        }
    }

    /// Runs a CUPS client command (`lpstat`, `cupsaccept`, …) against this server.
    public func client(_ arguments: [String]) async throws -> (status: Int32, stdout: Data, stderr: Data) {
        try await FinishedProcess.run("/usr/bin/env", ["CUPS_SERVER=\(socket)"] + arguments)
    }

    public struct Failed: Error, CustomStringConvertible {
        public let message: String
        public var description: String { "cups-server.sh: \(message)" }
    }
}
