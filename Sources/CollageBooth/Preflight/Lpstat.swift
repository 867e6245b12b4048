internal import CollagePrinting

/// CUPS's `lpstat`, asked about a queue (`lpstat -r -a NAME -p NAME`: whether the scheduler
/// runs, whether the queue accepts jobs, whether it is enabled) or the default destination
/// (`lpstat -r -d`), in the C locale so its answers read the same everywhere, and never for
/// longer than the bound. (With the scheduler down, `lpstat -a NAME` alone says the name is
/// invalid: `-r` first tells the two apart.)
enum Lpstat {
    static func state(of queue: String, within bound: Duration) -> PrinterQueue.State {
        guard ProgramLookup.find("lpstat") != nil else { return .unanswered(reason: "no lpstat (Debian's cups-client)") }
        switch ProgramOutput.run(["lpstat", "-r", "-a", queue, "-p", queue], within: bound) {
        case .failure(let failure): return .unanswered(reason: failure.description)
        case .success(let answer): return state(of: queue, answer: answer)
        }
    }

    static func defaultDestination(within bound: Duration) -> PrinterQueue.Default {
        guard ProgramLookup.find("lpstat") != nil else { return .unanswered(reason: "no lpstat (Debian's cups-client)") }
        switch ProgramOutput.run(["lpstat", "-r", "-d"], within: bound) {
        case .failure(let failure): return .unanswered(reason: failure.description)
        case .success(let answer): return defaultDestination(answer: answer)
        }
    }

    /// Reads `lpstat -r -a NAME -p NAME`:
    /// ```
    /// scheduler is running
    /// office accepting requests since Fri 27 Nov 2026 10:00:00
    /// printer office is idle.  enabled since Fri 27 Nov 2026 10:00:00
    /// ```
    /// `not accepting requests` and `disabled` are followed by a line with the reason, indented.
    /// Queue names are CUPS's, which matches them whatever their case.
    static func state(of queue: String, answer: ProgramOutput.Result) -> PrinterQueue.State {
        let lines = answer.text.split(separator: "\n").map { String($0) }, name = queue.lowercased()
        let said = lastLine(answer.text) ?? "lpstat exited with status \(answer.status)"
        if let down = schedulerDown(lines) { return .unanswered(reason: down) }
        if said.contains("Invalid destination name") || said.contains("Unknown destination") { return .unknown(detail: said) }
        let starts = { (line: String, prefix: String) in line.lowercased().hasPrefix(prefix) }
        guard let accepting = lines.firstIndex(where: { starts($0, "\(name) accepting requests") || starts($0, "\(name) not accepting requests") }),
              let printer = lines.firstIndex(where: { starts($0, "printer \(name) ") }) else {
            return .unanswered(reason: said)
        }
        if starts(lines[accepting], "\(name) not accepting") {
            return .rejecting(detail: reason(after: accepting, in: lines) ?? trimmed(lines[accepting]))
        }
        let enabled = !starts(lines[printer], "printer \(name) disabled")
        return .accepting(enabled: enabled, detail: enabled ? trimmed(lines[printer]) : reason(after: printer, in: lines) ?? trimmed(lines[printer]))
    }

    /// `scheduler is not running`, after which lpstat answers nothing else.
    private static func schedulerDown(_ lines: [String]) -> String? {
        lines.contains { trimmed($0) == "scheduler is not running" } ? "the CUPS scheduler is not running" : nil
    }

    /// Reads `lpstat -r -d`: `system default destination: office`, or `no system default destination`.
    static func defaultDestination(answer: ProgramOutput.Result) -> PrinterQueue.Default {
        if let down = schedulerDown(answer.text.split(separator: "\n").map { String($0) }) { return .unanswered(reason: down) }
        let prefix = "system default destination: "
        if let line = answer.text.split(separator: "\n").map({ trimmed(String($0)) }).first(where: { $0.hasPrefix(prefix) }) {
            // `office/duplex` is an instance of the queue `office`.
            return .named(String(line.dropFirst(prefix.count).prefix { $0 != "/" }))
        }
        let said = lastLine(answer.text) ?? "lpstat -d exited with status \(answer.status)"
        return said.hasPrefix("no system default destination") ? .none(detail: said) : .unanswered(reason: said)
    }

    /// The indented line after `index`: why a queue refuses jobs or is disabled.
    private static func reason(after index: Int, in lines: [String]) -> String? {
        guard index + 1 < lines.count, lines[index + 1].first?.isWhitespace == true else { return nil }
        let text = trimmed(lines[index + 1])
        return text.isEmpty ? nil : text
    }

    private static func lastLine(_ text: String) -> String? {
        text.split(separator: "\n").map { trimmed(String($0)) }.last { !$0.isEmpty }
    }

    private static func trimmed(_ text: String) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
