/// `--color auto|always|never`.
public enum ColorMode: String, Sendable, CaseIterable {
    /// Colour on a terminal, unless `NO_COLOR` or `TERM=dumb` says otherwise.
    case auto
    /// Colour even into a pipe (for `less -R`), and despite `NO_COLOR`: a flag given on this
    /// command line overrides the environment, as no-color.org asks.
    case always
    case never
}

/// Whether a stream gets colour: one decision per stream, stdout and stderr each their own.
public enum ColorPolicy {
    public static func isEnabled(_ mode: ColorMode, environment: TerminalEnvironment, isTerminal: Bool) -> Bool {
        switch mode {
        case .always: true
        case .never: false
        case .auto: isTerminal && !environment.forbidsColor && !environment.isDumb
        }
    }

    /// The decision for an open file descriptor, in this process's environment.
    public static func isEnabled(_ mode: ColorMode, fileDescriptor: Int32, environment: TerminalEnvironment = .current) -> Bool {
        isEnabled(mode, environment: environment, isTerminal: TerminalIO.isTerminal(fileDescriptor))
    }

    /// The styler for a stream.
    public static func styler(_ mode: ColorMode, fileDescriptor: Int32, environment: TerminalEnvironment = .current) -> Styler {
        Styler(isEnabled: isEnabled(mode, fileDescriptor: fileDescriptor, environment: environment))
    }
}
