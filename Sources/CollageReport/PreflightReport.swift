public import CollageCore

/// `collage check`'s report of a booth's preflight: a line per check for the operator, or one
/// JSON object for a script (`{"ready": …, "checks": [{"name", "status", "detail"}]}`).
public enum PreflightReport {
    /// Ready when no check failed: warnings alone leave a booth that starts and prints.
    public static func ready(_ checks: [PreflightCheck]) -> Bool { !checks.contains { $0.outcome == .failed } }

    public static func lines(_ checks: [PreflightCheck]) -> [String] {
        let width = checks.map(\.name.count).max() ?? 0
        let rows = checks.map { check in
            let status = check.outcome == .failed ? "FAILED " : check.outcome == .warning ? "warning" : "ready  "
            return "\(status)  \(check.name)\(String(repeating: " ", count: width - check.name.count))  \(check.detail)"
        }
        let failed = checks.filter { $0.outcome == .failed }.count, warned = checks.filter { $0.outcome == .warning }.count
        let warnings = "\(warned) \(warned == 1 ? "warning" : "warnings")"
        let summary = !ready(checks) ? "not ready: \(failed) failed, \(warnings) of \(checks.count) checks"
            : warned > 0 ? "ready, with \(warnings) of \(checks.count) checks" : "ready: all \(checks.count) checks passed"
        return rows + [summary]
    }

    public static func json(_ checks: [PreflightCheck]) -> JSONValue {
        .object([
            ("ready", .bool(ready(checks))),
            ("checks", .array(checks.map { .object([("name", .string($0.name)), ("status", .string($0.outcome.rawValue)), ("detail", .string($0.detail))]) })),
        ])
    }
}
