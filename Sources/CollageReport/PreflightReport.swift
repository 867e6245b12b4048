public import CollageCore

/// `collage check`'s report of a booth's preflight: a line per check for the operator, or one
/// JSON object for a script (`{"ready": …, "checks": [{"name", "status", "detail"}]}`).
public enum PreflightReport {
    /// Ready only when every check is.
    public static func ready(_ checks: [PreflightCheck]) -> Bool { checks.allSatisfy { $0.outcome == .ready } }

    public static func lines(_ checks: [PreflightCheck]) -> [String] {
        let width = checks.map(\.name.count).max() ?? 0
        let rows = checks.map { check in
            let status = check.outcome == .failed ? "FAILED " : check.outcome == .warning ? "warning" : "ready  "
            return "\(status)  \(check.name)\(String(repeating: " ", count: width - check.name.count))  \(check.detail)"
        }
        let failed = checks.filter { $0.outcome == .failed }.count, warned = checks.filter { $0.outcome == .warning }.count
        let summary = ready(checks)
            ? "ready: all \(checks.count) checks passed"
            : "not ready: \(failed) failed, \(warned) \(warned == 1 ? "warning" : "warnings") of \(checks.count) checks"
        return rows + [summary]
    }

    public static func json(_ checks: [PreflightCheck]) -> JSONValue {
        .object([
            ("ready", .bool(ready(checks))),
            ("checks", .array(checks.map { .object([("name", .string($0.name)), ("status", .string($0.outcome.rawValue)), ("detail", .string($0.detail))]) })),
        ])
    }
}
