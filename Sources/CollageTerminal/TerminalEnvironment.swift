#if canImport(Glibc)
internal import Glibc
#endif

/// The environment variables that say what the terminal is, read once and passed around as a
/// value, so every decision made from them can be tested with values alone.
public struct TerminalEnvironment: Sendable, Equatable {
    /// The variables this type reads; `current` fetches only these.
    public static let names = ["TERM", "COLORTERM", "TERM_PROGRAM", "KITTY_WINDOW_ID", "NO_COLOR", "COLLAGE_PROBE_TIMEOUT"]

    public var variables: [String: String]

    public init(_ variables: [String: String]) {
        self.variables = variables
    }

    /// This process's environment.
    public static var current: TerminalEnvironment {
        var variables: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { variables[name] = String(cString: value) }
        }
        return TerminalEnvironment(variables)
    }

    private var term: String { variables["TERM"] ?? "" }

    /// `NO_COLOR` set to anything, even empty, turns colour off: no-color.org today asks only
    /// for a value that is not empty, but its first wording (and ripgrep, among others) took
    /// any presence; a user who sets it at all means it.
    public var forbidsColor: Bool { variables["NO_COLOR"] != nil }

    /// How long the terminal is given to answer the capability probe: `COLLAGE_PROBE_TIMEOUT`
    /// milliseconds (1 to 10000), for a terminal at the end of a slow link (ssh over a long
    /// round trip answers later than the 200 ms default); any other value keeps the default. A
    /// terminal that answers ends the wait at once, so a long limit costs only a silent one.
    public var probeTimeout: Duration {
        guard let text = variables["COLLAGE_PROBE_TIMEOUT"], let milliseconds = Int(text), (1...10_000).contains(milliseconds) else {
            return TerminalProbe.defaultTimeout
        }
        return .milliseconds(milliseconds)
    }

    /// `TERM=dumb` promises no escape sequences at all.
    public var isDumb: Bool { term == "dumb" }

    /// tmux and screen pass no graphics through by default, whatever terminal they run in.
    public var isMultiplexer: Bool { term.hasPrefix("screen") || term.hasPrefix("tmux") }

    /// kitty sets both; `KITTY_WINDOW_ID` is inherited into tmux, so it counts only outside one.
    public var saysKitty: Bool {
        term == "xterm-kitty" || (variables["KITTY_WINDOW_ID"] != nil && !isMultiplexer)
    }

    /// 24-bit colour: the `COLORTERM` convention, terminfo's `-direct` entries, kitty's own
    /// `TERM` (not the inheritable `KITTY_WINDOW_ID`), and the terminals that set `TERM_PROGRAM`
    /// and are known to have it.
    public var saysTrueColor: Bool {
        let colorterm = (variables["COLORTERM"] ?? "").lowercased()
        if colorterm == "truecolor" || colorterm == "24bit" { return true }
        if term.hasSuffix("-direct") || term == "xterm-kitty" { return true }
        return ["iTerm.app", "WezTerm", "vscode", "ghostty"].contains(variables["TERM_PROGRAM"] ?? "")
    }
}
