import CollageCore
import CollageLocking
import CollagePrinting
import Foundation

/// A `--print` command that records its calls instead of running; the first `failing` calls fail
/// as a printer that is offline does.
final class RecordingPrinter: Sendable {
    private let state: Locked<(calls: [[String]], failing: Int)>

    init(failing: Int = 0) {
        state = Locked(([], failing))
    }

    /// Each call's words after the program's name; the collage, given as a private copy
    /// (`PrintCopy`), as `collage-print/NAME` when the copy was there, in a folder only its owner
    /// can reach, as the command ran.
    var calls: [[String]] { state.withLock { $0.calls } }

    /// The printer the booth would make for `--print 'lp -n {copies} {path}' --copies 2`, running this.
    func printer() throws -> Printer {
        Printer(command: try PrintCommand(parsing: "lp -n {copies} {path}"), copies: 2, timeout: .seconds(60)) { arguments, _ in
            self.run(arguments)
        }
    }

    private func run(_ arguments: [[UInt8]]) -> PrintFailure? {
        state.withLock { state in
            state.calls.append(arguments.dropFirst().map { Self.word(String(decoding: $0, as: UTF8.self)) })
            guard state.failing > 0 else { return nil }
            state.failing -= 1
            return .exited(program: "lp", status: 1, lastLine: "lp: the printer is offline")
        }
    }

    /// `collage-print/NAME` for a private copy that exists in a 0700 folder `collage-print.PID.XXXXXX`.
    private static func word(_ argument: String) -> String {
        let url = URL(fileURLWithPath: argument), folder = url.deletingLastPathComponent()
        guard folder.lastPathComponent.hasPrefix("collage-print."), FileManager.default.fileExists(atPath: argument),
              let mode = try? FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int, mode == 0o700 else {
            return argument
        }
        return "collage-print/" + url.lastPathComponent
    }
}
