internal import CollageCore

/// Whether CUPS accepts jobs for the queue an `lp` or `lpr` print command names (`-d NAME`,
/// `-P NAME`, or the default destination), asked of `lpstat`, as pibooth checks its printer at start.
enum PrinterQueue {
    /// The start of a warning that says nothing of the printer itself: `watch` keeps it for `check`.
    static let unanswered = "cannot ask CUPS which printers accept jobs"

    /// Nil when the command is not `lp` or `lpr`: a script's own printer is its business.
    static func check(_ words: [String]) -> PreflightCheck? {
        guard let program = words.first?.split(separator: "/").last.map(String.init), program == "lp" || program == "lpr" else { return nil }
        let flag = program == "lp" ? "-d" : "-P"
        let named = zip(words, words.dropFirst()).first { $0.0 == flag }?.1
            ?? words.first { $0.hasPrefix(flag) && $0.count > 2 }.map { String($0.dropFirst(2)) }
        guard ProgramLookup.find("lpstat") != nil else {
            return PreflightCheck("printer", .warning, unanswered + ": no lpstat (Debian's cups-client)")
        }
        if let named {
            guard let answer = ProgramOutput.run(["lpstat", "-p", named]) else {
                return PreflightCheck("printer", .warning, unanswered + ": lpstat could not be run")
            }
            guard answer.status == 0, !answer.text.isEmpty else {
                return PreflightCheck("printer", .failed, "CUPS has no printer \(named): \(lastLine(answer.text) ?? "lpstat -p \(named) failed")")
            }
            if answer.text.contains("disabled") { return PreflightCheck("printer", .warning, "\(named) is disabled: \(lastLine(answer.text) ?? "")") }
            return PreflightCheck("printer", .ready, lastLine(answer.text) ?? "\(named) accepts jobs")
        }
        let answer = ProgramOutput.run(["lpstat", "-d"])
        guard let answer, answer.status == 0, let line = lastLine(answer.text), line.hasPrefix("system default destination: ") else {
            let said = answer.flatMap { lastLine($0.text) } ?? "lpstat -d failed"
            return PreflightCheck("printer", .failed, "no printer named (\(flag) NAME) and no default destination: \(said)")
        }
        return PreflightCheck("printer", .ready, line)
    }

    private static func lastLine(_ text: String) -> String? {
        text.split(separator: "\n").last.map { String($0).trimmingSpaces }
    }
}

extension String {
    fileprivate var trimmingSpaces: String { String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()) }
}
